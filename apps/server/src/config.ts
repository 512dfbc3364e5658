import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

/**
 * Every environment variable the server reads, validated at start. The README's table mirrors
 * this list.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL URL; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Demo data on an empty database: on by default with PGlite, off with PostgreSQL. */
  SEED_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
  /** Public URL of the app, used in mail links; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Portail <no-reply@localhost>'),
  REDIS_URL: z.string().optional(),
  /** Domain redirects between portals (white label `redirect`/`location`). */
  MULTI_DOMAIN: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* from a reverse proxy. */
  TRUST_PROXY: bool(false),
  /** Comma-separated origins allowed by CORS; empty means closed. */
  CORS_ORIGINS: z.string().default(''),
  /** Serve the built web app (apps/web/dist) from this process. */
  SERVE_WEB: bool(true),
  WEB_DIST_DIR: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Lifetime of the cached task lists and document pages (the database clears them on change); 0: no cache. */
  READ_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /** Embedded database backups: folder (default DATA_DIR/backups), hours between them (0: none), how many kept. */
  BACKUP_DIR: z.string().optional(),
  BACKUP_HOURS: z.coerce.number().min(0).max(8760).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Where document contents live: `disk` (DATA_DIR/blobs) or `s3` (the S3_* variables). */
  BLOB_STORE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().optional(),
  /** Prepended to every object key, to share a bucket (e.g. `portal/`). */
  S3_PREFIX: z.string().default(''),
  /** An S3-compatible server's URL (MinIO, Garage, Scaleway...); AWS when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Without both keys the AWS SDK's default chain applies (AWS_* variables, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `bucket` in the path rather than the host name (most S3-compatible servers want it). */
  S3_FORCE_PATH_STYLE: bool(false),
  /** LibreOffice's `soffice` for the office previews; `soffice` or `libreoffice` on PATH when unset. */
  SOFFICE_PATH: z.string().optional(),
  /** Longest an office-to-PDF conversion may run before it is killed. */
  PREVIEW_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How long the audit log is kept when a portal chose nothing (purged daily). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(90).max(3650).default(365),
  /** 32 bytes (base64 or 64 hex digits) sealing SSO client secrets; a fixed key outside production. */
  SSO_SECRET_KEY: z
    .string()
    .refine((s) => ssoKeyBytes(s) !== null, { message: '32 bytes, as base64 or 64 hex digits' })
    .optional(),
  /** Lets openid-client talk to http:// issuers: tests and development only. */
  SSO_ALLOW_INSECURE_ISSUERS: bool(false),
  /** Hosts (`name` or `name:port`, comma-separated) an SSO issuer may be although private or local. */
  SSO_ALLOWED_PRIVATE_ISSUERS: z.string().optional(),
  /** Seals the two-factor secrets (at least 32 characters); required in production without the demo. */
  TOTP_ENCRYPTION_KEY: z.string().min(32).optional(),
  /** An RFC 3161 time-stamp authority: every signature and seal then carries its token (PAdES B-T). */
  SIGNATURE_TSA_URL: z.string().url().optional(),
});

function ssoKeyBytes(value: string): Buffer | null {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}

export type Config = z.infer<typeof configSchema> & {
  seedDemo: boolean;
  publicUrl: string;
  dataDir: string;
  backupDir: string;
  /** The key sealing SSO client secrets; null in production without SSO_SECRET_KEY (SSO off). */
  ssoKey: Buffer | null;
  totpEncryptionKey: string;
};

/** Development, tests and the demo only: anyone can read it here. */
const DEV_TOTP_KEY = 'development-only-totp-key-do-not-use-in-production';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  if (c.BLOB_STORE === 's3' && !c.S3_BUCKET)
    throw new Error('Invalid configuration:\n  S3_BUCKET: required when BLOB_STORE is s3');
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY)
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  if (c.SSO_ALLOW_INSECURE_ISSUERS && c.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  SSO_ALLOW_INSECURE_ISSUERS: not allowed in production');
  }
  const seedDemo =
    c.SEED_DEMO === undefined ? !c.DATABASE_URL : c.SEED_DEMO === 'true' || c.SEED_DEMO === '1';
  return {
    ...c,
    totpEncryptionKey: c.TOTP_ENCRYPTION_KEY ?? DEV_TOTP_KEY,
    seedDemo,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(c.DATA_DIR),
    backupDir: path.resolve(c.BACKUP_DIR ?? path.join(c.DATA_DIR, 'backups')),
    ssoKey: c.SSO_SECRET_KEY
      ? ssoKeyBytes(c.SSO_SECRET_KEY)
      : c.NODE_ENV === 'production'
        ? null
        : createHash('sha256').update('portal development sso key').digest(),
  };
}

/**
 * Run by the server at start (not by the command-line tools, which seal nothing): a production
 * server keeps real second factors, whose key must not be the one printed in this file. The demo
 * (seeded with published passwords) may use it.
 */
export function assertServerSecrets(config: Config): void {
  if (config.NODE_ENV === 'production' && !config.seedDemo && !config.TOTP_ENCRYPTION_KEY)
    throw new Error(
      'Invalid configuration:\n  TOTP_ENCRYPTION_KEY: required in production (32 characters or more)',
    );
}
