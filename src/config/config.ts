/**
 * The one validated configuration object. Nothing else reads process.env.
 * Each key has a name, a type, a default and a one-line doc (see CONFIG_KEYS, printed by `docrisk config`).
 */
import path from 'node:path';
import { parseSecretKeys, type SecretKey } from '../shared/secret-box.ts';

export type BlobStoreKind = 'fs' | 'postgres' | 's3';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  /** The embedded database (no DATABASE_URL) runs on a thread of its own (DOCRISK_PGLITE_THREAD). */
  pgliteThread: boolean;
  dataDir: string;
  blobStore: BlobStoreKind;
  /** Settings of the s3 blob store (null unless DOCRISK_BLOB_STORE=s3). */
  s3: {
    bucket: string;
    region: string;
    endpoint: string | null;
    forcePathStyle: boolean;
    credentials: { accessKeyId: string; secretAccessKey: string } | null;
    prefix: string;
  } | null;
  bootstrap: { clientId: string; clientSecret: string; subscriptionKey: string } | null;
  adminToken: string | null;
  webhookAllowPrivate: boolean;
  /** Webhook POSTs in flight per receiver origin in one worker process. */
  webhookConcurrency: number;
  maxUploadBytes: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  issuer: string;
  tokenTtlSeconds: number;
  workerConcurrency: number;
  shutdownGraceMs: number;
  /** Port of a `docrisk worker`'s health and metrics listener (0: any free port). */
  workerPort: number;
  /** The operator says DOCRISK_DATA_DIR's blobs are one directory shared by every node (NFS and the like). */
  blobDirShared: boolean;
  /** Seconds without a heartbeat after which a claimed job counts as lost and is retried. */
  jobHeartbeatSeconds: number;
  /**
   * Fitted risk model files (`docrisk model fit`), each scoring its data source instead of the built-in
   * default: server-wide (space null) or for the space of that name only.
   */
  riskModelFiles: { space: string | null; file: string }[];
  edges: { requestTimeoutMs: number; headersTimeoutMs: number; minBodyBytesPerSecond: number; bodyRateWindowMs: number };
  secretKeys: SecretKey[];
  ocrModels: 'auto' | 'fast' | 'best_int';
  sandbox: { enabled: boolean; workers: number; heapMb: number; maxRssMb: number; parseMaxRssMb: number; validateTimeoutMs: number; parseTimeoutMs: number };
  rateLimit: { store: 'memory' | 'postgres'; apiPerMinute: number; tokenPerMinute: number; testEventsPerMinute: number; reportsPerMinute: number; authFailuresPerMinute: number };
}

export interface ConfigKey {
  name: string;
  type: string;
  default: string;
  doc: string;
}

export const CONFIG_KEYS: readonly ConfigKey[] = [
  { name: 'PORT', type: 'port (1-65535)', default: '8080', doc: 'HTTP port' },
  { name: 'DOCRISK_RISK_MODELS', type: '[SPACE=]path, comma-separated', default: '(unset)', doc: 'model files from `docrisk model fit`, each scoring its data_source: a bare path for every space, SPACE=path for the space of that name only (it wins over the server-wide one); unset = the built-in defaults' },
  { name: 'HOST', type: 'string', default: '127.0.0.1', doc: 'bind address' },
  { name: 'DATABASE_URL', type: 'postgres:// URL', default: '(unset)', doc: 'PostgreSQL to use; unset = embedded PGlite under DOCRISK_DATA_DIR' },
  { name: 'DOCRISK_DATA_DIR', type: 'path', default: './data', doc: 'embedded database, blobs, generated keys' },
  { name: 'DOCRISK_BLOB_STORE', type: 'fs | postgres | s3', default: 'fs', doc: 'where uploaded files live (s3: the S3_* variables below)' },
  { name: 'S3_BUCKET', type: 'string', default: '(unset)', doc: 's3 blob store: bucket (required with DOCRISK_BLOB_STORE=s3)' },
  { name: 'S3_REGION', type: 'string', default: 'us-east-1', doc: 's3 blob store: region' },
  { name: 'S3_ENDPOINT', type: 'http(s) URL', default: '(unset)', doc: 's3 blob store: endpoint of an S3-compatible service (MinIO: http://host:9000); unset = AWS' },
  { name: 'S3_FORCE_PATH_STYLE', type: '0 | 1', default: '1 with S3_ENDPOINT', doc: 's3 blob store: bucket in the path instead of the host name' },
  { name: 'S3_ACCESS_KEY_ID', type: 'string', default: '(unset)', doc: 's3 blob store: with S3_SECRET_ACCESS_KEY; unset = the AWS SDK default chain (AWS_*, profile, role)' },
  { name: 'S3_SECRET_ACCESS_KEY', type: 'string', default: '(unset)', doc: 's3 blob store: secret of S3_ACCESS_KEY_ID' },
  { name: 'S3_PREFIX', type: 'string', default: '(empty)', doc: 's3 blob store: key prefix inside the bucket (e.g. docrisk/)' },
  { name: 'DOCRISK_BOOTSTRAP_CLIENT_ID', type: 'string', default: '(unset)', doc: 'with the two below: ensure this client exists in space default' },
  { name: 'DOCRISK_BOOTSTRAP_CLIENT_SECRET', type: 'string', default: '(unset)', doc: 'bootstrap client secret' },
  { name: 'DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY', type: 'string', default: '(unset)', doc: 'bootstrap subscription key' },
  { name: 'DOCRISK_ADMIN_TOKEN', type: 'string (>= 16 chars)', default: '(unset)', doc: 'enables the admin API with this bearer token' },
  { name: 'DOCRISK_WEBHOOK_ALLOW_PRIVATE', type: '0 | 1', default: '0', doc: '1 lets webhook URLs resolve to loopback/private addresses' },
  { name: 'DOCRISK_WEBHOOK_CONCURRENCY', type: 'integer 1-256', default: '32', doc: 'webhook POSTs in flight per receiver origin (scheme://host:port) per worker process' },
  { name: 'DOCRISK_MAX_UPLOAD_BYTES', type: 'integer > 0', default: '20971520', doc: 'larger uploads get 413' },
  { name: 'LOG_LEVEL', type: 'fatal|error|warn|info|debug|trace|silent', default: 'info', doc: 'log level' },
  { name: 'DOCRISK_ISSUER', type: 'string', default: 'docrisk', doc: 'iss claim of access tokens' },
  { name: 'DOCRISK_WORKER_CONCURRENCY', type: 'integer 1-64', default: '2', doc: 'jobs handled at once per queue by this process' },
  { name: 'DOCRISK_WORKER_PORT', type: 'port (0-65535)', default: '8081', doc: '`docrisk worker`: port of its /healthz, /readyz and /metrics (bound to HOST)' },
  { name: 'DOCRISK_PGLITE_THREAD', type: '0 | 1', default: '1', doc: 'the embedded database runs on a thread of its own, so a long statement does not stall the API (0: on the API thread, cheaper per query)' },
  { name: 'DOCRISK_BLOB_DIR_SHARED', type: '0 | 1', default: '0', doc: '1: the fs blob directory is shared by every node, so api/worker nodes may use it with DATABASE_URL' },
  { name: 'DOCRISK_JOB_HEARTBEAT_SECONDS', type: 'integer 10-600', default: '30', doc: 'a job whose worker stops beating this long (it died) is retried' },
  { name: 'DOCRISK_SHUTDOWN_GRACE_MS', type: 'integer >= 0', default: '15000', doc: 'time given to in-flight requests and jobs on shutdown' },
  { name: 'DOCRISK_REQUEST_TIMEOUT_MS', type: 'integer >= 1000', default: '120000', doc: 'a request (headers and body) must arrive within this' },
  { name: 'DOCRISK_HEADERS_TIMEOUT_MS', type: 'integer >= 1000', default: '20000', doc: 'request headers must arrive within this' },
  { name: 'DOCRISK_MIN_BODY_BYTES_PER_SEC', type: 'integer >= 0', default: '1024', doc: 'a body slower than this over the rate window gets 408 and is closed (0 = off)' },
  { name: 'DOCRISK_BODY_RATE_WINDOW_MS', type: 'integer >= 1000', default: '10000', doc: 'window over which the body rate is measured' },
  { name: 'DOCRISK_SECRETS_KEYS', type: 'id:base64(32 bytes)[,…]', default: '(unset: secrets stored plain)', doc: 'encrypts webhook signing secrets and the token signing key at rest; the first key encrypts, all decrypt (rotation)' },
  { name: 'DOCRISK_OCR_MODELS', type: 'auto | fast | best_int', default: 'auto', doc: 'OCR traineddata: fast (Debian tesseract-ocr-<lang>, when installed) or best_int (bundled, slower, a little more exact)' },
  { name: 'DOCRISK_SANDBOX', type: '0 | 1', default: '1', doc: 'validate and parse documents in child processes with memory and time limits (0: in this process)' },
  { name: 'DOCRISK_SANDBOX_WORKERS', type: 'integer 1-64', default: '2', doc: 'document child processes at most' },
  { name: 'DOCRISK_SANDBOX_HEAP_MB', type: 'integer >= 64', default: '512', doc: 'V8 heap cap of a document child' },
  { name: 'DOCRISK_SANDBOX_MAX_RSS_MB', type: 'integer >= 128', default: '640', doc: 'a document child above this RSS is killed (the file: too_large); a child idles at about 190 MB' },
  { name: 'DOCRISK_SANDBOX_PARSE_MAX_RSS_MB', type: 'integer >= 128', default: '672', doc: 'the same for parse jobs (a long scan is rendered and read a page or two at a time)' },
  { name: 'DOCRISK_SANDBOX_VALIDATE_TIMEOUT_MS', type: 'integer >= 100', default: '60000', doc: 'time allowed to validate one upload' },
  { name: 'DOCRISK_SANDBOX_PARSE_TIMEOUT_MS', type: 'integer >= 100', default: '300000', doc: 'time allowed to parse one file' },
  { name: 'DOCRISK_RATE_LIMIT_STORE', type: 'memory | postgres', default: 'postgres with DATABASE_URL, else memory', doc: 'where rate-limit counters live (postgres: shared by every API process)' },
  { name: 'DOCRISK_RATE_LIMIT_PER_MINUTE', type: 'integer >= 1', default: '600', doc: 'requests per client per minute over all routes with credentials' },
  { name: 'DOCRISK_AUTH_FAILURES_PER_MINUTE', type: 'integer >= 1', default: '30', doc: 'requests refused 401 (bad or missing token or key) per source address per minute; above: 429 for that address, each one over doubling the lockout' },
  { name: 'DOCRISK_TOKEN_RATE_LIMIT_PER_MINUTE', type: 'integer >= 1', default: '10', doc: 'token requests per client_id and address per minute; each one over doubles the lockout' },
  { name: 'DOCRISK_TEST_EVENTS_PER_MINUTE', type: 'integer >= 1', default: '10', doc: 'webhook test events and redeliveries per client per minute' },
  { name: 'DOCRISK_REPORTS_PER_MINUTE', type: 'integer >= 1', default: '30', doc: 'run-report and workflow calls per client per minute' },
];

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const int = (name: string, def: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === undefined) return def;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected an integer from ${min} to ${max}`);
      return def;
    }
    return Number(raw);
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], def: T): T => {
    const raw = str(name);
    if (raw === undefined) return def;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected one of ${allowed.join(', ')}`);
      return def;
    }
    return raw as T;
  };

  const databaseUrl = str('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: expected a postgres:// or postgresql:// URL');
  }
  const pgliteThread = oneOf('DOCRISK_PGLITE_THREAD', ['0', '1', 'true', 'false'], '1');
  const blobStore = oneOf<BlobStoreKind>('DOCRISK_BLOB_STORE', ['fs', 'postgres', 's3'], 'fs');
  let s3: Config['s3'] = null;
  if (blobStore === 's3') {
    const bucket = str('S3_BUCKET');
    if (!bucket) problems.push('S3_BUCKET: required with DOCRISK_BLOB_STORE=s3');
    const endpoint = str('S3_ENDPOINT') ?? null;
    if (endpoint !== null && !/^https?:\/\/[^/]/.test(endpoint)) problems.push('S3_ENDPOINT: expected an http:// or https:// URL');
    const pathStyle = oneOf('S3_FORCE_PATH_STYLE', ['0', '1', 'true', 'false'], endpoint ? '1' : '0');
    const keyId = str('S3_ACCESS_KEY_ID');
    const secret = str('S3_SECRET_ACCESS_KEY');
    if ((keyId === undefined) !== (secret === undefined)) problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
    s3 = {
      bucket: bucket ?? '',
      region: str('S3_REGION') ?? 'us-east-1',
      endpoint,
      forcePathStyle: pathStyle === '1' || pathStyle === 'true',
      credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : null,
      prefix: str('S3_PREFIX') ?? '',
    };
  }

  const bootNames = ['DOCRISK_BOOTSTRAP_CLIENT_ID', 'DOCRISK_BOOTSTRAP_CLIENT_SECRET', 'DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY'] as const;
  const boot = bootNames.map(str);
  let bootstrap: Config['bootstrap'] = null;
  if (boot.every((v) => v !== undefined)) {
    const [clientId, clientSecret, subscriptionKey] = boot as [string, string, string];
    if (!/^[A-Za-z0-9._~-]{3,128}$/.test(clientId)) problems.push('DOCRISK_BOOTSTRAP_CLIENT_ID: 3-128 characters of A-Z a-z 0-9 . _ ~ -');
    if (clientSecret.length < 8) problems.push('DOCRISK_BOOTSTRAP_CLIENT_SECRET: at least 8 characters');
    if (subscriptionKey.length < 8) problems.push('DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY: at least 8 characters');
    bootstrap = { clientId, clientSecret, subscriptionKey };
  } else if (boot.some((v) => v !== undefined)) {
    const missing = bootNames.filter((_, i) => boot[i] === undefined);
    problems.push(`${missing.join(', ')}: the three DOCRISK_BOOTSTRAP_* variables must be set together`);
  }

  const adminToken = str('DOCRISK_ADMIN_TOKEN') ?? null;
  if (adminToken !== null && adminToken.length < 16) problems.push('DOCRISK_ADMIN_TOKEN: at least 16 characters');

  const allowPrivate = oneOf('DOCRISK_WEBHOOK_ALLOW_PRIVATE', ['0', '1', 'true', 'false'], '0');
  const blobDirShared = oneOf('DOCRISK_BLOB_DIR_SHARED', ['0', '1', 'true', 'false'], '0');

  let secretKeys: SecretKey[] = [];
  const rawKeys = str('DOCRISK_SECRETS_KEYS');
  if (rawKeys !== undefined) {
    try {
      secretKeys = parseSecretKeys(rawKeys);
    } catch (e) {
      problems.push(`DOCRISK_SECRETS_KEYS: ${(e as Error).message}`);
    }
  }

  const config: Config = {
    port: int('PORT', 8080, 0, 65535),
    host: str('HOST') ?? '127.0.0.1',
    databaseUrl,
    pgliteThread: pgliteThread === '1' || pgliteThread === 'true',
    dataDir: path.resolve(cwd, str('DOCRISK_DATA_DIR') ?? './data'),
    blobStore,
    s3,
    bootstrap,
    adminToken,
    webhookAllowPrivate: allowPrivate === '1' || allowPrivate === 'true',
    webhookConcurrency: int('DOCRISK_WEBHOOK_CONCURRENCY', 32, 1, 256),
    maxUploadBytes: int('DOCRISK_MAX_UPLOAD_BYTES', 20 * 1024 * 1024, 1, 2 ** 31),
    ocrModels: oneOf('DOCRISK_OCR_MODELS', ['auto', 'fast', 'best_int'], 'auto'),
    logLevel: oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    issuer: str('DOCRISK_ISSUER') ?? 'docrisk',
    tokenTtlSeconds: 86400,
    workerConcurrency: int('DOCRISK_WORKER_CONCURRENCY', 2, 1, 64),
    shutdownGraceMs: int('DOCRISK_SHUTDOWN_GRACE_MS', 15000, 0, 600000),
    workerPort: int('DOCRISK_WORKER_PORT', 8081, 0, 65535),
    blobDirShared: blobDirShared === '1' || blobDirShared === 'true',
    jobHeartbeatSeconds: int('DOCRISK_JOB_HEARTBEAT_SECONDS', 30, 10, 600),
    riskModelFiles: (str('DOCRISK_RISK_MODELS') ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x.length > 0)
      .map((x) => {
        const m = /^([^=/\\]+)=(.+)$/.exec(x);
        return m ? { space: (m[1] ?? '').trim(), file: path.resolve(cwd, (m[2] ?? '').trim()) } : { space: null, file: path.resolve(cwd, x) };
      }),
    edges: {
      requestTimeoutMs: int('DOCRISK_REQUEST_TIMEOUT_MS', 120_000, 1000, 3_600_000),
      headersTimeoutMs: int('DOCRISK_HEADERS_TIMEOUT_MS', 20_000, 1000, 600_000),
      minBodyBytesPerSecond: int('DOCRISK_MIN_BODY_BYTES_PER_SEC', 1024, 0, 2 ** 30),
      bodyRateWindowMs: int('DOCRISK_BODY_RATE_WINDOW_MS', 10_000, 1000, 600_000),
    },
    secretKeys,
    sandbox: {
      enabled: oneOf('DOCRISK_SANDBOX', ['0', '1', 'true', 'false'], '1') !== '0' && str('DOCRISK_SANDBOX') !== 'false',
      workers: int('DOCRISK_SANDBOX_WORKERS', 2, 1, 64),
      heapMb: int('DOCRISK_SANDBOX_HEAP_MB', 512, 64, 65536),
      maxRssMb: int('DOCRISK_SANDBOX_MAX_RSS_MB', 640, 128, 131072),
      parseMaxRssMb: int('DOCRISK_SANDBOX_PARSE_MAX_RSS_MB', 672, 128, 131072),
      validateTimeoutMs: int('DOCRISK_SANDBOX_VALIDATE_TIMEOUT_MS', 60_000, 100, 3_600_000),
      parseTimeoutMs: int('DOCRISK_SANDBOX_PARSE_TIMEOUT_MS', 300_000, 100, 86_400_000),
    },
    rateLimit: {
      store: oneOf('DOCRISK_RATE_LIMIT_STORE', ['memory', 'postgres'], databaseUrl ? 'postgres' : 'memory'),
      apiPerMinute: int('DOCRISK_RATE_LIMIT_PER_MINUTE', 600, 1, 10_000_000),
      tokenPerMinute: int('DOCRISK_TOKEN_RATE_LIMIT_PER_MINUTE', 10, 1, 10_000_000),
      testEventsPerMinute: int('DOCRISK_TEST_EVENTS_PER_MINUTE', 10, 1, 10_000_000),
      reportsPerMinute: int('DOCRISK_REPORTS_PER_MINUTE', 30, 1, 10_000_000),
      authFailuresPerMinute: int('DOCRISK_AUTH_FAILURES_PER_MINUTE', 30, 1, 10_000_000),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * DOCRISK_OCR_MODELS alone, for the offline `docrisk parse`, which needs no other setting (an invalid
 * value is a ConfigError naming it).
 */
export function ocrModelsFromEnv(env: Env = process.env): Config['ocrModels'] {
  const v = env.DOCRISK_OCR_MODELS?.trim() || 'auto';
  if (v !== 'auto' && v !== 'fast' && v !== 'best_int') throw new ConfigError([`DOCRISK_OCR_MODELS=${JSON.stringify(v)}: expected one of auto, fast, best_int`]);
  return v;
}
