import { resolve } from 'node:path';

/** Server configuration, read from the environment once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL URL; unset means the embedded database in `dataDir`. */
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  smtpUrl?: string;
  sessionSecret: string;
  production: boolean;
  /** Demo mode: demo accounts and data are seeded on first start. */
  demo: boolean;
  /** Public base URL used in mails (e.g. https://portal.example.org). */
  publicUrl: string;
  enableAccounting: boolean;
  enableEdugain: boolean;
  graceMonths?: number;
  registry: { url?: string; username?: string; password?: string; timeoutMs: number; retries: number };
  /** Federated sign-in (SAML 2.0); see `readSamlConfig`. */
  saml: SamlSettings;
  /** Where the built client lives. */
  clientDir: string;
  /** Start background jobs (outbox sender, cleanups). */
  jobs: boolean;
  /** Addresses and networks (CIDR) allowed to read /metrics. */
  metricsAllow: string[];
  /** JSON file of identifier rewrites, institutions and realms for the external API (schemas/api/external-maps.json). */
  externalApiMaps?: string;
  /**
   * Addresses (or CIDR ranges) of the reverse proxies whose `X-Forwarded-For` is believed; empty:
   * none, the client's address is the connection's.
   */
  trustProxy: string[];
  /** Invitations one lead may send per hour (all projects together). */
  invitesPerHour: number;
  /** How often the project lifecycle job runs (`LIFECYCLE_EVERY_MS`); unset: lifecycleEveryMs of rules/constants.json. */
  lifecycleEveryMs?: number;
}

/** Federated sign-in settings (README, "Federated sign-in"). */
export interface SamlSettings {
  /** Identity provider metadata of the national federation: a file path or an http(s) URL. */
  idpMetadata?: string;
  /** Metadata of the eduGAIN proxy identity provider: a file path or an http(s) URL. */
  edugainIdpMetadata?: string;
  /** PEM files of the service providers' key and certificate; generated and kept in DATA_DIR in demo mode. */
  spKeyFile?: string;
  spCertFile?: string;
  /** An eduGAIN login whose authenticating authority contains this is a national-federation identity. */
  aaiEduHrIdpMatch: string;
  /** Whether national-federation identities may sign in through the eduGAIN proxy. */
  edugainAllowAaiEduHr: boolean;
  /** JSON file `[{"from": ePPN, "to": username | "new"}]` resolving eduGAIN name collisions. */
  edugainUserMap?: string;
  /** Accepted clock difference to the identity provider, in seconds. */
  clockSkewSeconds: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

/** Reads the configuration from an environment (default: `process.env`). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const port = int(env.PORT, 8000, 'PORT')!;
  const sessionSecret = env.SESSION_SECRET ?? (production ? '' : 'development-only-secret');
  if (production && sessionSecret.length < 32) throw new Error('SESSION_SECRET of at least 32 characters is required in production');
  const demo = flag(env.DEMO, !production);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? resolve('data'),
    smtpUrl: env.SMTP_URL || undefined,
    sessionSecret,
    production,
    demo,
    publicUrl: (env.PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    // On in demo mode, so a newcomer sees the usage pages filled by the demo seed.
    enableAccounting: flag(env.ENABLE_ACCOUNTING, demo),
    enableEdugain: flag(env.ENABLE_EDUGAIN, true),
    graceMonths: int(env.GRACE_MONTHS, undefined, 'GRACE_MONTHS'),
    registry: {
      url: env.REGISTRY_URL || undefined,
      username: env.REGISTRY_USERNAME || undefined,
      password: env.REGISTRY_PASSWORD || undefined,
      timeoutMs: int(env.REGISTRY_TIMEOUT_MS, 15000, 'REGISTRY_TIMEOUT_MS')!,
      retries: int(env.REGISTRY_RETRIES, 3, 'REGISTRY_RETRIES')!,
    },
    saml: {
      idpMetadata: env.SAML_IDP_METADATA || undefined,
      edugainIdpMetadata: env.SAML_EDUGAIN_IDP_METADATA || undefined,
      spKeyFile: env.SAML_SP_KEY_FILE || undefined,
      spCertFile: env.SAML_SP_CERT_FILE || undefined,
      aaiEduHrIdpMatch: env.SAML_AAIEDUHR_IDP_MATCH || 'https://login.aaiedu.hr',
      edugainAllowAaiEduHr: flag(env.SAML_EDUGAIN_ALLOW_AAIEDUHR, false),
      edugainUserMap: env.SAML_EDUGAIN_USER_MAP || undefined,
      clockSkewSeconds: int(env.SAML_CLOCK_SKEW_SECONDS, 60, 'SAML_CLOCK_SKEW_SECONDS')!,
    },
    clientDir: resolve(env.CLIENT_DIR ?? 'dist/client'),
    jobs: flag(env.JOBS, true),
    externalApiMaps: env.EXTERNAL_API_MAPS || undefined,
    metricsAllow: (env.METRICS_ALLOW ?? '127.0.0.1,::1')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    trustProxy: (env.TRUST_PROXY ?? '').split(',').map((a) => a.trim()).filter(Boolean),
    invitesPerHour: int(env.INVITES_PER_HOUR, 50, 'INVITES_PER_HOUR')!,
    lifecycleEveryMs: int(env.LIFECYCLE_EVERY_MS, undefined, 'LIFECYCLE_EVERY_MS') || undefined,
  };
}
