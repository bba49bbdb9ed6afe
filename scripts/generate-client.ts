/**
 * Regenerates the typed TypeScript client (clients/typescript/src/index.ts) from the OpenAPI document the
 * server serves: builds the application on an in-memory database, reads /openapi.json, writes the client.
 *   node scripts/generate-client.ts [--check]   (--check: exit 1 when the committed client is stale)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../src/app/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { openPglite } from '../src/db/client.ts';
import { generateClient } from './openapi-client.ts';

export const CLIENT_FILE = path.resolve(import.meta.dirname, '../clients/typescript/src/index.ts');

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const database = await openPglite(null);
  const app = await buildApp({
    config: loadConfig({ DOCRISK_DATA_DIR: '/tmp/docrisk-generate-unused', DOCRISK_SANDBOX: '0', LOG_LEVEL: 'silent' }),
    http: true,
    workers: false,
    database,
    logger: pino({ level: 'silent' }),
  });
  try {
    return (await app.server!.inject({ method: 'GET', url: '/openapi.json' })).json();
  } finally {
    await app.close();
  }
}

if (import.meta.main) {
  const text = generateClient(await openApiDocument());
  if (process.argv.includes('--check')) {
    const same = readFileSync(CLIENT_FILE, 'utf8') === text;
    console.log(same ? 'clients/typescript is up to date' : 'clients/typescript is stale: run node scripts/generate-client.ts');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(CLIENT_FILE, text);
  console.log(`wrote ${path.relative(process.cwd(), CLIENT_FILE)}`);
}
