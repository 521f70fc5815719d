/**
 * The environment, parsed once at boot. Nothing else in the server reads process.env:
 * main.ts passes it here and hands the result down.
 */
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** An empty variable counts as unset, which is how shells and .env files usually say "none". */
const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = z.preprocess(blankAsUnset, z.url('must be a URL such as https://example.com').optional());

/** What Fastify's `trustProxy` takes: off, every proxy, the nearest N hops, or these addresses. */
export type TrustProxy = boolean | number | string[];

const TRUST_PROXY_MESSAGE = 'must be true, false, a hop count such as 1, or a comma-separated list of addresses or CIDR ranges';

const isAddressOrRange = (entry: string) => {
  const [address, prefix, ...rest] = entry.split('/');
  const kind = net.isIP(address ?? '');
  if (kind === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (kind === 4 ? 32 : 128);
};

/**
 * Behind a reverse proxy or load balancer, the client's address and scheme arrive in
 * X-Forwarded-For and X-Forwarded-Proto, which anyone can also send: they are believed only from
 * the proxies named here. Off by default, so a forged header changes nothing.
 */
const TrustProxySchema = z.preprocess(blankAsUnset, z.string().trim().toLowerCase().default('false')).transform((v, ctx): TrustProxy => {
  if (v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d{1,2}$/.test(v)) return Number(v) === 0 ? false : Number(v);
  const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length > 0 && entries.every(isAddressOrRange)) return entries;
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
  return z.NEVER;
});

const STORAGE_URL_MESSAGE = 'must be s3://bucket/prefix (a bucket name as S3 allows it, an optional key prefix), or file: for the local disk under DATA_DIR';

/**
 * `s3://bucket/prefix`, or the local disk when unset or `file:`. A path after `file:` is refused
 * rather than ignored: files live under DATA_DIR, and a value that seemed to move them must not
 * silently leave them there.
 */
const StorageUrlSchema = z.preprocess(blankAsUnset, z.string().trim().optional()).transform((v, ctx) => {
  if (v === undefined || /^file:(\/\/)?$/i.test(v)) return undefined;
  // S3's rules for a new bucket's name: 3 to 63 lower-case letters, digits, dots and hyphens.
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(v);
  const segments = (match?.[2] ?? '').split('/').filter(Boolean);
  // Only the characters S3 calls safe in a key, and no dot segments a tool could read as a path.
  if (!match || !segments.every((s) => /^[A-Za-z0-9!_.*'()-]+$/.test(s) && s !== '.' && s !== '..')) {
    ctx.addIssue({ code: 'custom', message: STORAGE_URL_MESSAGE });
    return z.NEVER;
  }
  return { bucket: match[1]!, prefix: segments.map((s) => `${s}/`).join('') };
});

const optionalFlag = z
  .preprocess(blankAsUnset, z.string().trim().toLowerCase().optional())
  .pipe(z.enum(['true', 'false', '1', '0'], 'must be true or false').optional())
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

const METRICS_PORT_MESSAGE = 'must be a port number from 1 to 65535, or 0 for any free port';

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be a postgres:// or postgresql:// URL',
    }),
    PUBLIC_URL: optionalUrl,
    TRUST_PROXY: TrustProxySchema,
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.email('must be a comma-separated list of email addresses'))),
    AI_PROVIDER: z.enum(['offline', 'openai-compatible', 'openai', 'anthropic']).default('offline'),
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: z.preprocess(blankAsUnset, z.string().trim().optional()),
    AI_MODEL: z.preprocess(blankAsUnset, z.string().trim().optional()),
    DOCUMENT_SERVER_URL: optionalUrl,
    DOCUMENT_SERVER_JWT_SECRET: z.preprocess(blankAsUnset, z.string().min(16, 'must be at least 16 characters').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STORAGE_URL: StorageUrlSchema,
    S3_ENDPOINT: optionalUrl.refine((v) => v === undefined || /^https?:\/\//.test(v), { message: 'must be an http:// or https:// URL' }),
    S3_REGION: z.preprocess(blankAsUnset, z.string().trim().regex(/^[A-Za-z0-9-]+$/, 'must be a region name such as us-east-1').optional()),
    S3_ACCESS_KEY_ID: z.preprocess(blankAsUnset, z.string().trim().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(blankAsUnset, z.string().optional()),
    S3_FORCE_PATH_STYLE: optionalFlag,
    // Never 0: a sweep that does not wait would delete another request's file between its write
    // and its row's commit.
    ORPHAN_GRACE_SECONDS: seconds(1, 7 * 24 * 3600),
    ORPHAN_SWEEP_SECONDS: seconds(1, 7 * 24 * 3600),
    JOB_LEASE_SECONDS: seconds(1, 3600),
    // Prometheus metrics on a listener of their own, never on the public one (docs/decisions/030).
    METRICS_PORT: z.preprocess(
      blankAsUnset,
      z.coerce.number(METRICS_PORT_MESSAGE).int(METRICS_PORT_MESSAGE).min(0, METRICS_PORT_MESSAGE).max(65535, METRICS_PORT_MESSAGE).optional(),
    ),
    METRICS_HOST: z.preprocess(blankAsUnset, z.string().trim().optional()),
  })
  .superRefine((c, ctx) => {
    const need = (key: keyof typeof c, why: string) =>
      ctx.addIssue({ code: 'custom', path: [key], message: `is required ${why}` });
    if (c.AI_PROVIDER === 'openai-compatible' && !c.AI_BASE_URL) need('AI_BASE_URL', 'when AI_PROVIDER is openai-compatible');
    if ((c.AI_PROVIDER === 'openai' || c.AI_PROVIDER === 'anthropic') && !c.AI_API_KEY)
      need('AI_API_KEY', `when AI_PROVIDER is ${c.AI_PROVIDER}`);
    if (c.AI_PROVIDER !== 'offline' && !c.AI_MODEL) need('AI_MODEL', `when AI_PROVIDER is ${c.AI_PROVIDER}`);
    if (c.DOCUMENT_SERVER_URL && !c.DOCUMENT_SERVER_JWT_SECRET)
      need('DOCUMENT_SERVER_JWT_SECRET', 'when DOCUMENT_SERVER_URL is set');
    // The Document Server downloads documents from, and calls back to, absolute URLs of ours.
    if (c.DOCUMENT_SERVER_URL && !c.PUBLIC_URL)
      need('PUBLIC_URL', 'when DOCUMENT_SERVER_URL is set (the Document Server fetches documents from it and calls it back)');
    // One without the other is a typo, not a choice of the SDK's own credential chain.
    if (c.S3_ACCESS_KEY_ID && !c.S3_SECRET_ACCESS_KEY) need('S3_SECRET_ACCESS_KEY', 'when S3_ACCESS_KEY_ID is set');
    if (c.S3_SECRET_ACCESS_KEY && !c.S3_ACCESS_KEY_ID) need('S3_ACCESS_KEY_ID', 'when S3_SECRET_ACCESS_KEY is set');
    // A host without a port would look like metrics are on when they are not.
    if (c.METRICS_HOST !== undefined && c.METRICS_PORT === undefined) need('METRICS_PORT', 'when METRICS_HOST is set');
    // Both on one port fails at listen; said here, it names the variable to change.
    if (c.METRICS_PORT !== undefined && c.METRICS_PORT !== 0 && c.METRICS_PORT === c.PORT)
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: `must differ from PORT (${c.PORT}): metrics have a listener of their own` });
    // Files written to the local disk while the operator meant a bucket would be missing on every
    // other instance: settings for a bucket without STORAGE_URL stop the server instead.
    if (!c.STORAGE_URL) {
      for (const key of S3_VARIABLES) {
        if (c[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'applies only with STORAGE_URL=s3://bucket/prefix; without it, files go to the local disk under DATA_DIR' });
      }
    }
  });

/** Whole seconds within [min, max], or unset. */
function seconds(min: number, max: number) {
  const value = z.coerce.number().int('must be a whole number of seconds').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
  return z.preprocess(blankAsUnset, value.optional());
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  trustProxy: TrustProxy;
  adminEmails: string[];
  ai: { provider: 'offline' | 'openai-compatible' | 'openai' | 'anthropic'; baseUrl?: string; apiKey?: string; model?: string };
  documentServer: { url: string; jwtSecret: string } | undefined;
  logLevel: string;
  /** Where document bytes live: `DATA_DIR/files` on the local disk, or an S3-compatible bucket. */
  storage: { kind: 'disk' } | S3Storage;
  /**
   * How old a stored file no row names must be before a sweep removes it: longer than any write
   * in flight on any instance, an hour unless ORPHAN_GRACE_SECONDS says otherwise. (The boot
   * sweep of a local disk, which one instance owns and where nothing is in flight at boot,
   * removes them at once.)
   */
  orphanGraceMs: number;
  /** Background work (server/jobs): a claim's lease, and how often the orphan sweep runs. */
  jobs: { leaseMs: number; orphanSweepMs: number };
  /** Where the internal Prometheus listener binds; undefined (METRICS_PORT unset) for no listener at all. */
  metrics: { port: number; host: string } | undefined;
};

/**
 * A bucket and the key prefix ('' or ending in '/') that this deployment's objects live under.
 * Without credentials, the AWS SDK's own chain finds them (AWS_* variables, an instance role).
 */
export type S3Storage = {
  kind: 's3';
  bucket: string;
  prefix: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export class ConfigError extends Error {}

/** Throws a ConfigError naming every bad variable, so the operator fixes them in one go. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${String(i.path[0] ?? '(environment)')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = result.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl: c.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: c.TRUST_PROXY,
    adminEmails: c.ADMIN_EMAILS,
    ai: { provider: c.AI_PROVIDER, baseUrl: c.AI_BASE_URL, apiKey: c.AI_API_KEY, model: c.AI_MODEL },
    documentServer:
      c.DOCUMENT_SERVER_URL && c.DOCUMENT_SERVER_JWT_SECRET
        ? { url: c.DOCUMENT_SERVER_URL.replace(/\/+$/, ''), jwtSecret: c.DOCUMENT_SERVER_JWT_SECRET }
        : undefined,
    logLevel: c.LOG_LEVEL,
    orphanGraceMs: (c.ORPHAN_GRACE_SECONDS ?? 3600) * 1000,
    jobs: { leaseMs: (c.JOB_LEASE_SECONDS ?? 30) * 1000, orphanSweepMs: (c.ORPHAN_SWEEP_SECONDS ?? 3600) * 1000 },
    // Loopback unless the operator opens it on purpose: only this machine (a node agent, a
    // sidecar) reads the metrics by default.
    metrics: c.METRICS_PORT === undefined ? undefined : { port: c.METRICS_PORT, host: c.METRICS_HOST ?? '127.0.0.1' },
    storage: c.STORAGE_URL
      ? {
          kind: 's3',
          ...c.STORAGE_URL,
          endpoint: c.S3_ENDPOINT?.replace(/\/+$/, ''),
          // Any name does for most S3-compatible servers; AWS's own default region otherwise.
          region: c.S3_REGION ?? 'us-east-1',
          forcePathStyle: c.S3_FORCE_PATH_STYLE ?? false,
          credentials: c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } : undefined,
        }
      : { kind: 'disk' },
  };
}
