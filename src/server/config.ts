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
  /**
   * Browsers reach the portal over https (`PUBLIC_URL` is https): cookies are `Secure`, HSTS and
   * `upgrade-insecure-requests` are sent. Decided here only, from the address, never from `NODE_ENV`.
   */
  https: boolean;
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
  /**
   * RETENTION_APPLY: the retention job applies rules/retention.json. Off, it is held (nothing is
   * removed) while staff still see on /ui/rules what it would remove: for a cutover (docs/migration.md).
   */
  retentionApply: boolean;
  /**
   * LIFECYCLE_APPLY: the project lifecycle job moves projects to their ending state and expires them.
   * Off, it is held: for a cutover, where the current portal never did either by itself (docs/migration.md).
   */
  lifecycleApply: boolean;
  /** Watch the schema folder and put a good edit live without a restart (schema-live). */
  schemasWatch: boolean;
  /** RULES_EDITOR_GROUP: the group (user_groups) whose members edit the rules; unset: superusers only. */
  rulesEditorGroup?: string;
  /** RULES_SECOND_EDITOR: a draft needs another editor's approval before it is published. */
  rulesSecondEditor: boolean;
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
  /** The caps on password sign-ins of this process: checks at once, checks waiting, sign-ins of one network in progress (users/password-checks.ts). */
  loginChecks: { atOnce: number; waiting: number; perNetwork: number };
  /** How long sessions live (sessions/sessions.ts): idle and absolute, in minutes, for users and for staff. */
  sessions: SessionSettings;
}

/** Session lifetimes in minutes: ended after `idle` minutes without a request, and `absolute` minutes after sign-in at the latest. */
export interface SessionSettings {
  user: { idle: number; absolute: number };
  staff: { idle: number; absolute: number };
}

/** Federated sign-in settings (README, "Federated sign-in"). */
export interface SamlSettings {
  /** Identity provider metadata of the national federation: a file path or an http(s) URL. */
  idpMetadata?: string;
  /** Metadata of the eduGAIN proxy identity provider: a file path or an http(s) URL. */
  edugainIdpMetadata?: string;
  /**
   * The certificates (a PEM file, or PEM text) the federations sign their metadata with; metadata
   * whose signature does not verify with one of them is never trusted (saml/idp-metadata.ts).
   */
  idpMetadataCert?: string;
  edugainIdpMetadataCert?: string;
  /** How often metadata is fetched again, in seconds; the last good copy serves while a fetch fails. */
  metadataRefreshSeconds: number;
  /** PEM files of the service providers' key and certificate; generated and kept in DATA_DIR in demo mode. */
  spKeyFile?: string;
  spCertFile?: string;
  /** An eduGAIN login whose authenticating authority contains this is a national-federation identity. */
  aaiEduHrIdpMatch: string;
  /** Whether national-federation identities may sign in through the eduGAIN proxy. */
  edugainAllowAaiEduHr: boolean;
  /** JSON file `[{"from": ePPN, "to": username | "new"}]` resolving eduGAIN name collisions. */
  edugainUserMap?: string;
  /** Accepted clock difference to the identity provider, in seconds (Shibboleth's 180 by default). */
  clockSkewSeconds: number;
  /** Federations whose identity provider may start a sign-in (unsolicited responses); none by default. */
  allowUnsolicited: ('national' | 'edugain')[];
  /**
   * A second key pair for certificate rollover: published beside the current one (signing and
   * encryption) and tried for decryption, never used to sign.
   */
  spNextKeyFile?: string;
  spNextCertFile?: string;
  /** What the SP metadata says for registration (`saml/sp-metadata.ts`); unset parts come from schemas/rules/service.json. */
  metadata: SpMetadataSettings;
}

/** Texts in the two languages; either may be unset. */
export interface Bilingual {
  hr?: string;
  en?: string;
}

/** mdui:UIInfo and ContactPerson of the SP metadata (eduGAIN registration, GÉANT Code of Conduct). */
export interface SpMetadataSettings {
  displayName: Bilingual;
  description: Bilingual;
  informationUrl: Bilingual;
  privacyStatementUrl: Bilingual;
  technicalContact?: string;
  supportContact?: string;
}

function bilingual(env: NodeJS.ProcessEnv, name: string): Bilingual {
  return { hr: env[`${name}_HR`] || undefined, en: env[`${name}_EN`] || undefined };
}

const YES = ['1', 'true', 'yes', 'on'];
const NO = ['0', 'false', 'no', 'off'];

/** A switch: yes/no in the usual spellings; anything else is refused rather than read as "off". */
function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  const word = value.trim().toLowerCase();
  if (YES.includes(word)) return true;
  if (NO.includes(word)) return false;
  throw new Error(`${name} must be one of ${[...YES, ...NO].join(', ')}, got "${value}"`);
}

function int(value: string | undefined, fallback: number | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

/** A whole number of at least 1. */
function positive(value: string | undefined, fallback: number, name: string): number {
  const n = int(value, fallback, name)!;
  if (n < 1) throw new Error(`${name} must be at least 1, got "${value}"`);
  return n;
}

/** The session lifetimes; staff's default to shorter ones, and none may be longer than its absolute lifetime allows. */
function sessionSettings(env: NodeJS.ProcessEnv): SessionSettings {
  const lifetimes = (idleName: string, idle: number, absoluteName: string, absolute: number) => {
    const times = { idle: positive(env[idleName], idle, idleName), absolute: positive(env[absoluteName], absolute, absoluteName) };
    if (times.idle > times.absolute) throw new Error(`${idleName} (${times.idle}) must not be longer than ${absoluteName} (${times.absolute})`);
    return times;
  };
  return {
    user: lifetimes('SESSION_IDLE_MINUTES', 8 * 60, 'SESSION_MAX_MINUTES', 14 * 24 * 60),
    staff: lifetimes('SESSION_STAFF_IDLE_MINUTES', 60, 'SESSION_STAFF_MAX_MINUTES', 12 * 60),
  };
}

/**
 * Whether `PUBLIC_URL` is an https address. In production an http one is refused unless
 * `PUBLIC_URL_HTTP_ALLOWED` says browsers really reach the portal over plain http (`requireHttps` false).
 */
function publicAddressIsHttps(publicUrl: string, requireHttps: boolean, given: boolean): boolean {
  let protocol: string;
  try {
    protocol = new URL(publicUrl).protocol;
  } catch {
    throw new Error(`PUBLIC_URL must be the portal's address as users open it (https://portal.example.org), got "${publicUrl}"`);
  }
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`PUBLIC_URL must start with https:// or http://, got "${publicUrl}"`);
  if (protocol === 'http:' && requireHttps)
    throw new Error(
      `PUBLIC_URL is ${given ? `"${publicUrl}"` : `unset (so "${publicUrl}")`} in production: the session cookie would travel without Secure and no HSTS would be sent. ` +
        'Set PUBLIC_URL to the https:// address users open (also when TLS ends at a proxy in front of the portal), ' +
        'or set PUBLIC_URL_HTTP_ALLOWED=true if browsers really reach this portal over plain http.',
    );
  return protocol === 'https:';
}

/** A comma-separated list of federation names (`national`, `edugain`). */
function federations(value: string | undefined, name: string): ('national' | 'edugain')[] {
  const names = (value ?? '').split(',').map((f) => f.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((f) => f !== 'national' && f !== 'edugain');
  if (unknown.length) throw new Error(`${name} lists federations national and edugain only, got "${unknown.join(', ')}"`);
  return [...new Set(names)] as ('national' | 'edugain')[];
}

/** Reads the configuration from an environment (default: `process.env`). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const port = int(env.PORT, 8000, 'PORT')!;
  const sessionSecret = env.SESSION_SECRET ?? (production ? '' : 'development-only-secret');
  if (production && sessionSecret.length < 32) throw new Error('SESSION_SECRET of at least 32 characters is required in production');
  const demo = flag(env.DEMO, !production, 'DEMO');
  const publicUrl = (env.PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/$/, '');
  const https = publicAddressIsHttps(publicUrl, production && !flag(env.PUBLIC_URL_HTTP_ALLOWED, false, 'PUBLIC_URL_HTTP_ALLOWED'), Boolean(env.PUBLIC_URL));
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? resolve('data'),
    smtpUrl: env.SMTP_URL || undefined,
    sessionSecret,
    production,
    demo,
    publicUrl,
    https,
    // On in demo mode, so a newcomer sees the usage pages filled by the demo seed.
    enableAccounting: flag(env.ENABLE_ACCOUNTING, demo, 'ENABLE_ACCOUNTING'),
    enableEdugain: flag(env.ENABLE_EDUGAIN, true, 'ENABLE_EDUGAIN'),
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
      idpMetadataCert: env.SAML_IDP_METADATA_CERT || undefined,
      edugainIdpMetadataCert: env.SAML_EDUGAIN_IDP_METADATA_CERT || undefined,
      metadataRefreshSeconds: int(env.SAML_METADATA_REFRESH_SECONDS, 3600, 'SAML_METADATA_REFRESH_SECONDS')!,
      spKeyFile: env.SAML_SP_KEY_FILE || undefined,
      spCertFile: env.SAML_SP_CERT_FILE || undefined,
      aaiEduHrIdpMatch: env.SAML_AAIEDUHR_IDP_MATCH || 'https://login.aaiedu.hr',
      edugainAllowAaiEduHr: flag(env.SAML_EDUGAIN_ALLOW_AAIEDUHR, false, 'SAML_EDUGAIN_ALLOW_AAIEDUHR'),
      edugainUserMap: env.SAML_EDUGAIN_USER_MAP || undefined,
      clockSkewSeconds: int(env.SAML_CLOCK_SKEW_SECONDS, 180, 'SAML_CLOCK_SKEW_SECONDS')!,
      allowUnsolicited: federations(env.SAML_ALLOW_UNSOLICITED, 'SAML_ALLOW_UNSOLICITED'),
      spNextKeyFile: env.SAML_SP_NEXT_KEY_FILE || undefined,
      spNextCertFile: env.SAML_SP_NEXT_CERT_FILE || undefined,
      metadata: {
        displayName: bilingual(env, 'SAML_SP_DISPLAY_NAME'),
        description: bilingual(env, 'SAML_SP_DESCRIPTION'),
        informationUrl: bilingual(env, 'SAML_SP_INFORMATION_URL'),
        privacyStatementUrl: bilingual(env, 'SAML_SP_PRIVACY_URL'),
        technicalContact: env.SAML_SP_TECHNICAL_CONTACT || undefined,
        supportContact: env.SAML_SP_SUPPORT_CONTACT || undefined,
      },
    },
    clientDir: resolve(env.CLIENT_DIR ?? 'dist/client'),
    jobs: flag(env.JOBS, true, 'JOBS'),
    retentionApply: flag(env.RETENTION_APPLY, true, 'RETENTION_APPLY'),
    lifecycleApply: flag(env.LIFECYCLE_APPLY, true, 'LIFECYCLE_APPLY'),
    schemasWatch: flag(env.SCHEMAS_WATCH, true, 'SCHEMAS_WATCH'),
    rulesEditorGroup: env.RULES_EDITOR_GROUP || undefined,
    rulesSecondEditor: flag(env.RULES_SECOND_EDITOR, false, 'RULES_SECOND_EDITOR'),
    externalApiMaps: env.EXTERNAL_API_MAPS || undefined,
    metricsAllow: (env.METRICS_ALLOW ?? '127.0.0.1,::1')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    trustProxy: (env.TRUST_PROXY ?? '').split(',').map((a) => a.trim()).filter(Boolean),
    invitesPerHour: int(env.INVITES_PER_HOUR, 50, 'INVITES_PER_HOUR')!,
    lifecycleEveryMs: int(env.LIFECYCLE_EVERY_MS, undefined, 'LIFECYCLE_EVERY_MS') || undefined,
    loginChecks: {
      atOnce: positive(env.LOGIN_CHECKS_AT_ONCE, 2, 'LOGIN_CHECKS_AT_ONCE'),
      waiting: int(env.LOGIN_CHECKS_WAITING, 100, 'LOGIN_CHECKS_WAITING')!,
      perNetwork: positive(env.LOGIN_SIGN_INS_PER_NETWORK, 4, 'LOGIN_SIGN_INS_PER_NETWORK'),
    },
    sessions: sessionSettings(env),
  };
}
