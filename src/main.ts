/**
 * docrisk CLI: serve | api | worker | migrate | parse | webhooks | config | help.
 */
import { loadConfig, ConfigError, CONFIG_KEYS, type Config } from './config/config.ts';
import { buildApp, VERSION } from './app/app.ts';
import { openDatabase } from './db/client.ts';
import { roleParts, roleProblem, ROLES, type Role } from './app/roles.ts';

const USAGE = `docrisk ${VERSION}

Usage: docrisk <command>

  serve     the HTTP API and the background workers in one process (npm start)
  api       the HTTP API only (scale-out: several api and worker nodes share DATABASE_URL)
  worker    the background workers only, with /healthz, /readyz and /metrics on DOCRISK_WORKER_PORT
  migrate   apply database migrations and exit
  parse FILE...   the File resource JSON of each file, one per line on stdout (NDJSON), progress
                  on stderr (offline: no server or database); --type=<document_type> asserts a
                  type, --quiet drops the progress lines
  webhooks replay [--status=failed,skipped] [--since=ISO8601] [--id=DELIVERY_ID ...]
                  send matching callbacks again (same webhook-id and body) and wait for the outcome
  model fit|validate ...   fit the credit score on labelled applications (JSONL), or check a model on
                  applications it never saw; \`docrisk model\` prints the options
  config    list configuration variables with their defaults
  help      this text

Configuration comes from environment variables; see \`docrisk config\`.`;

async function main(argv: string[]): Promise<number> {
  const cmd = argv[0] ?? 'help';
  if (cmd === 'help' || cmd === '--help' || cmd === '-h') {
    console.log(USAGE);
    return 0;
  }
  if (cmd === 'config') {
    for (const k of CONFIG_KEYS) console.log(`${k.name.padEnd(36)} ${k.default.padEnd(12)} ${k.type.padEnd(24)} ${k.doc}`);
    return 0;
  }
  if (cmd === 'parse') {
    const { parseCommand } = await import('./app/parse-command.ts');
    return parseCommand(argv.slice(1), { out: (l) => process.stdout.write(`${l}\n`), progress: (l) => process.stderr.write(`${l}\n`) });
  }
  if (cmd === 'model') return (await import('./modules/reports/model.cli.ts')).runModelCommand(argv.slice(1));
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`docrisk: ${e.message}`);
      return 2;
    }
    throw e;
  }

  if (cmd === 'migrate') {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteThread: config.pgliteThread });
    try {
      await db.migrate();
      console.log(`migrations applied (${db.kind})`);
    } finally {
      await db.close();
    }
    return 0;
  }

  if (cmd === 'webhooks') return replayWebhooks(config, argv.slice(1));

  if ((ROLES as readonly string[]).includes(cmd)) {
    const role = cmd as Role;
    const problem = roleProblem(config, role);
    if (problem) {
      console.error(`docrisk: ${problem}`);
      return 2;
    }
    const app = await buildApp({ config, ...roleParts(role) });
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 5000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    const address = await app.listen();
    if (role === 'worker') {
      app.logger.info({ address, database: app.database.kind }, `docrisk ${VERSION} worker running; health and metrics at ${address}`);
    } else {
      app.logger.info({ address, database: app.database.kind, role }, `docrisk ${VERSION} listening; API docs at ${address}/docs`);
    }
    if (app.demoClient) console.log(demoClientBanner(app.demoClient, address));
    return -1;
  }

  console.error(`docrisk: unknown command ${JSON.stringify(cmd)}\n\n${USAGE}`);
  return 2;
}

/** The demo client's credentials, once, as a line to paste into a shell, and where to sign in. */
function demoClientBanner(c: { client_id: string; client_secret: string; subscription_key: string }, address: string): string {
  const base = address.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//127.0.0.1:');
  return [
    '',
    '  docrisk created a demo client. Its secret and key are shown this once (they are stored hashed):',
    '',
    `    export CID=${c.client_id} CS=${c.client_secret} SK=${c.subscription_key} BASE=${base}`,
    '',
    `  Paste that line into a shell for the README's walk-through, or sign in at ${base}/portal/ with them.`,
    '',
  ].join('\n');
}

async function replayWebhooks(config: Config, args: string[]): Promise<number> {
  if (args[0] !== 'replay') {
    console.error('usage: docrisk webhooks replay [--status=failed,skipped] [--since=ISO8601] [--id=DELIVERY_ID ...]');
    return 2;
  }
  const opt = (name: string) => args.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
  const ids = opt('id');
  const statuses = opt('status').flatMap((s) => s.split(',')).filter(Boolean);
  const sinceRaw = opt('since')[0];
  const since = sinceRaw ? new Date(sinceRaw) : undefined;
  if (since && Number.isNaN(since.getTime())) {
    console.error(`docrisk: --since ${JSON.stringify(sinceRaw)} is not an ISO 8601 date`);
    return 2;
  }
  for (const s of statuses) {
    if (!['pending', 'succeeded', 'failed', 'skipped'].includes(s)) {
      console.error(`docrisk: unknown --status ${JSON.stringify(s)} (pending, succeeded, failed, skipped)`);
      return 2;
    }
  }
  const app = await buildApp({ config, http: false, workers: true });
  try {
    const filter = { ...(ids.length ? { ids } : {}), statuses: statuses.length ? statuses : ids.length ? [] : ['failed'], ...(since ? { since } : {}) };
    const { queued, refused } = await app.services.webhooks.replay(filter);
    for (const r of refused) console.log(`refused ${r.id}: ${r.reason}`);
    console.log(`queued ${queued.length} deliveries`);
    const until = Date.now() + 60_000;
    while ((await app.services.webhooks.pendingCount(queued)) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
    const left = await app.services.webhooks.pendingCount(queued);
    console.log(left ? `${left} still pending (retries continue in the running workers)` : 'all replayed deliveries settled');
    return refused.length ? 1 : 0;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    console.error('docrisk: fatal:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
