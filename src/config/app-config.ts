import { resolve, join } from 'node:path';
import { readContentSids, readTemplateNames } from './content-sids';
import { Env, fileSecret, Reader } from './env-reader';
import { MetaConfig, readMetaConfig } from './meta-config';
import { BackupConfig, readBackup, readMetricsToken } from './ops-config';

export type NodeEnv = 'development' | 'production' | 'test';
export type WhatsAppProviderName = 'console' | 'twilio' | 'meta';
export type StorageDriverName = 'local' | 's3';

/** Every setting the server reads; built once from the environment by loadConfig(). */
export interface AppConfig {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Connections per process in the PostgreSQL pool (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Hot statements as named prepared statements (DATABASE_PREPARED_STATEMENTS). */
  databasePreparedStatements: boolean;
  redisUrl?: string;
  redisPrefix: string;
  appSecret: string;
  appSecretSource: 'environment' | 'file';
  /**
   * Which proxies in front of the api are trusted to write X-Forwarded-For: false (none), a number of
   * hops (true = 1: the client is the right-most address the nearest proxy saw), or their addresses.
   */
  trustProxy: false | number | string[];
  workerInProcess: boolean;
  /** Run migrations and seeds at start (false: `node dist/src/migrate.js` did, and a stale schema stops the start). */
  migrateOnStart: boolean;
  logLevel: string;
  /** `json` forces JSON lines; `auto`: readable lines on a development terminal, JSON elsewhere. */
  logFormat: 'auto' | 'json';
  serveUi: boolean;
  publicUiDir: string;
  adminUiDir: string;
  admin: {
    username: string;
    password?: string;
    whatsappNumbers?: string[];
    verificationRequired: boolean;
  };
  whatsapp: {
    provider: WhatsAppProviderName;
    consoleLogFile: string;
    /** Content SIDs per template key (WHATSAPP_CONTENT_SIDS JSON, or WHATSAPP_CONTENT_SID_<KEY>). */
    contentSids: Record<string, string>;
    /** Meta template names per template key (WHATSAPP_TEMPLATE_NAMES JSON, or WHATSAPP_TEMPLATE_NAME_<KEY>). */
    templateNames: Record<string, string>;
    /** Worker limiter: messages per second per sender (Twilio's published limit by default). */
    ratePerSecond: number;
    /** Delay between a send and the provider counting it that the limiter absorbs (ms): no second there holds more than the rate. */
    rateMarginMs: number;
    /** Distinct people outside the 24-hour window per rolling 24 hours (a new business account's tier). */
    dailyBusinessInitiatedCap: number;
    /** Base URL of this deployment, for Twilio's StatusCallback. */
    publicBaseUrl?: string;
    twilio: {
      accountSid?: string;
      authToken?: string;
      /** whatsapp:+E164 sender. */
      from?: string;
      baseUrl: string;
      timeoutMs: number;
    };
    meta: MetaConfig;
  };
  outbox: {
    sweepIntervalMs: number;
    leaseMs: number;
    /** Retryable failures are retried until this long after the message was written. */
    retryWindowMs: number;
    /** Consecutive provider faults (5xx, 429, timeouts) that pause sending. */
    breakerFailures: number;
    /** First pause before a probe; it doubles while probes fail, up to 10 minutes. */
    breakerCooldownMs: number;
    /** Where one JSON alert goes when sending pauses and when it resumes (optional). */
    opsAlertWebhookUrl: string | undefined;
    concurrency: number;
  };
  rateLimits: {
    requestsPerMinute: number;
    quickMessagesPerMinute: number;
    authPerMinute: number;
    /** Public reads that query per call (the pickup availability), per client address. */
    publicReadsPerMinute: number;
    loginPerUsername: number;
    loginPerUsernameWindowMinutes: number;
    /** Verification codes (login, reset, change) per account per 15 minutes. */
    codesPerAccount: number;
    /** Emergency question and answer calls per code in 15 minutes. */
    emergencyCodePer15Minutes: number;
    /** Public impact-report PDF downloads and preview images per client address per minute. */
    impactDownloadsPerMinute: number;
    /** The host's page calls (read and cancel) per client address per minute. */
    selfServicePerMinute: number;
    /** The volunteer's page, per address and per link. */
    volunteerPagePerMinute: number;
    volunteerLinkPerMinute: number;
    /** WhatsApp status answers («حالة», a request number) per number per hour; 0 = no limit. */
    statusRepliesPerNumberPerHour: number;
    /** Certificate verifications (GET /api/verify/{code}) per address per minute. */
    verifyPerMinute: number;
    /** WhatsApp acknowledgements of the quick-message form per number and per address in 24 hours. */
    quickAcksPerNumberPerDay: number;
    quickAcksPerIpPerDay: number;
  };
  /** Uploaded files (stickers, governance documents): see src/modules/files. */
  csp: CspOrigins;
  storage: {
    driver: StorageDriverName;
    /** Local driver: where files live (STORAGE_DIR, default the data folder's files/). */
    localDir: string;
    /** How long a signed upload or download link works. */
    uploadUrlTtlSeconds: number;
    downloadUrlTtlSeconds: number;
    s3: {
      bucket?: string;
      region: string;
      /** An S3-compatible endpoint (MinIO, Ceph, another cloud); AWS when unset. */
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };
  };
  /** The daily backup's folder, retention and time (src/ops). */
  backup: BackupConfig;
  /** Bearer token of GET /metrics; unset: the route does not exist. */
  metricsToken?: string;
}

export class ConfigError extends Error {}

/** Foreign origins the browser may reach (the Content-Security-Policy lists exactly these). */
export interface CspOrigins {
  /** Map tiles (img-src); match the public site's VITE_MAP_TILE_URL. */
  mapTiles: string[];
  /** Reverse geocoding (connect-src); match VITE_GEOCODE_PRIMARY_URL and VITE_GEOCODE_BACKUP_URL. */
  geocoding: string[];
}

const E164 = /^\+[1-9]\d{7,14}$/;
function readStorage(r: Reader, dataDir: string, cwd: string): AppConfig['storage'] {
  const driver = r.oneOf<StorageDriverName>('STORAGE_DRIVER', ['local', 's3'], 'local');
  const s3 = {
    bucket: r.str('S3_BUCKET'),
    region: r.str('S3_REGION', 'us-east-1'),
    endpoint: r.url('S3_ENDPOINT', ['http:', 'https:'])?.replace(/\/+$/, ''),
    accessKeyId: r.str('S3_ACCESS_KEY_ID'),
    secretAccessKey: r.str('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: r.bool('S3_FORCE_PATH_STYLE', false),
  };
  if (driver === 's3' && !s3.bucket) r.problems.push('STORAGE_DRIVER=s3 needs S3_BUCKET');
  if (driver === 's3' && (s3.accessKeyId === undefined) !== (s3.secretAccessKey === undefined)) {
    r.problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the instance role)');
  }
  return {
    driver,
    localDir: resolve(cwd, r.str('STORAGE_DIR', join(dataDir, 'files'))),
    uploadUrlTtlSeconds: r.int('STORAGE_UPLOAD_URL_TTL_SECONDS', 300, 10, 3600),
    downloadUrlTtlSeconds: r.int('STORAGE_DOWNLOAD_URL_TTL_SECONDS', 300, 10, 7 * 24 * 3600),
    s3,
  };
}

/**
 * Builds and validates the configuration; throws ConfigError listing every problem at once. `reader`
 * is given only by configVariableNames(), which watches what is read.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd(), r: Reader = new Reader(env)): AppConfig {
  const nodeEnv = r.oneOf<NodeEnv>('NODE_ENV', ['development', 'production', 'test'], 'development');
  const production = nodeEnv === 'production';
  const dataDir = resolve(cwd, r.str('DATA_DIR', '.data'));

  let appSecret = r.str('APP_SECRET');
  let appSecretSource: AppConfig['appSecretSource'] = 'environment';
  if (appSecret !== undefined && appSecret.length < 32) {
    r.problems.push('APP_SECRET must be at least 32 characters long');
  }
  if (appSecret === undefined) {
    if (production) r.problems.push('APP_SECRET is required when NODE_ENV=production');
    else {
      appSecret = fileSecret(dataDir);
      appSecretSource = 'file';
    }
  }

  const provider = r.oneOf<WhatsAppProviderName>('WHATSAPP_PROVIDER', ['console', 'twilio', 'meta'], 'console');
  if (production && provider === 'console') {
    r.problems.push('WHATSAPP_PROVIDER=console is for development only; set WHATSAPP_PROVIDER=twilio or meta in production');
  }

  const contentSids = readContentSids(r);
  const twilioFrom = r.str('TWILIO_FROM');
  if (twilioFrom !== undefined && !/^whatsapp:\+[1-9]\d{7,14}$/.test(twilioFrom)) {
    r.problems.push('TWILIO_FROM must look like whatsapp:+966500000000');
  }
  const twilioAccountSid = r.str('TWILIO_ACCOUNT_SID');
  if (twilioAccountSid !== undefined && !/^AC[0-9a-zA-Z]{32}$/.test(twilioAccountSid)) {
    r.problems.push('TWILIO_ACCOUNT_SID must be AC followed by 32 letters or digits');
  }
  const twilioAuthToken = r.str('TWILIO_AUTH_TOKEN');
  const publicBaseUrl = r.url('PUBLIC_BASE_URL', ['http:', 'https:'])?.replace(/\/+$/, '');
  if (provider === 'twilio') {
    const missing = [
      ['TWILIO_ACCOUNT_SID', twilioAccountSid],
      ['TWILIO_AUTH_TOKEN', twilioAuthToken],
      ['TWILIO_FROM', twilioFrom],
      ['PUBLIC_BASE_URL', publicBaseUrl],
    ].filter(([, v]) => v === undefined);
    if (production && missing.length) {
      r.problems.push(`WHATSAPP_PROVIDER=twilio needs ${missing.map(([n]) => n).join(', ')}`);
    } else if (!twilioAccountSid || !twilioAuthToken || !twilioFrom) {
      r.problems.push('WHATSAPP_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    }
  }

  const numbersRaw = r.str('ADMIN_WHATSAPP_NUMBERS');
  let whatsappNumbers: string[] | undefined;
  if (numbersRaw !== undefined) {
    whatsappNumbers = numbersRaw
      .split(',')
      .map((n) => n.trim().replace(/[\s-]/g, ''))
      .filter(Boolean);
    const bad = whatsappNumbers.filter((n) => !E164.test(n));
    if (bad.length || !whatsappNumbers.length) {
      r.problems.push('ADMIN_WHATSAPP_NUMBERS must be comma-separated international numbers such as +966501234567');
    }
  }

  const config: AppConfig = {
    nodeEnv,
    host: r.str('HOST', '0.0.0.0'),
    port: r.int('PORT', 3000, 1, 65535),
    dataDir,
    databaseUrl: r.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: r.int('DATABASE_POOL_SIZE', 10, 2, 200),
    databasePreparedStatements: r.bool('DATABASE_PREPARED_STATEMENTS', true),
    redisUrl: r.url('REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: r.str('REDIS_PREFIX', 'charity'),
    appSecret: appSecret ?? '',
    appSecretSource,
    trustProxy: r.trustProxy('TRUST_PROXY'),
    workerInProcess: r.bool('WORKER_IN_PROCESS', true),
    migrateOnStart: r.bool('MIGRATE_ON_START', true),
    logLevel: r.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], nodeEnv === 'test' ? 'warn' : 'info'),
    logFormat: r.oneOf('LOG_FORMAT', ['auto', 'json'], 'auto'),
    serveUi: r.bool('SERVE_UI', true),
    publicUiDir: resolve(cwd, r.str('PUBLIC_UI_DIR', 'public-ui/dist')),
    adminUiDir: resolve(cwd, r.str('ADMIN_UI_DIR', 'admin-ui/dist')),
    admin: {
      username: r.str('ADMIN_USERNAME', 'admin'),
      password: r.str('ADMIN_PASSWORD'),
      whatsappNumbers,
      verificationRequired: r.bool('ADMIN_VERIFICATION_REQUIRED', true),
    },
    whatsapp: {
      provider,
      consoleLogFile: resolve(dataDir, r.str('WHATSAPP_CONSOLE_LOG', 'whatsapp-console.log')),
      contentSids,
      templateNames: readTemplateNames(r),
      ratePerSecond: r.int('WHATSAPP_RATE_PER_SECOND', 80, 0, 10_000),
      rateMarginMs: r.int('WHATSAPP_RATE_MARGIN_MS', 80, 0, 2000),
      dailyBusinessInitiatedCap: r.int('WHATSAPP_DAILY_BUSINESS_INITIATED_CAP', 250, 0, 10_000_000),
      publicBaseUrl,
      twilio: {
        accountSid: twilioAccountSid,
        authToken: twilioAuthToken,
        from: twilioFrom,
        baseUrl: (r.url('TWILIO_BASE_URL', ['http:', 'https:']) ?? 'https://api.twilio.com').replace(/\/+$/, ''),
        timeoutMs: r.int('TWILIO_TIMEOUT_MS', 15_000, 100, 120_000),
      },
      meta: readMetaConfig(r, provider === 'meta'),
    },
    outbox: {
      sweepIntervalMs: r.int('OUTBOX_SWEEP_INTERVAL_MS', 5000, 200, 3_600_000),
      leaseMs: r.int('OUTBOX_LEASE_MS', 120_000, 1000, 3_600_000),
      retryWindowMs: r.int('OUTBOX_RETRY_WINDOW_MS', 24 * 60 * 60_000, 1_000, 30 * 24 * 60 * 60_000),
      breakerFailures: r.int('OUTBOX_BREAKER_FAILURES', 5, 1, 1000),
      breakerCooldownMs: r.int('OUTBOX_BREAKER_COOLDOWN_MS', 30_000, 100, 10 * 60_000),
      opsAlertWebhookUrl: r.url('OPS_ALERT_WEBHOOK_URL', ['http:', 'https:']),
      concurrency: r.int('WORKER_CONCURRENCY', 5, 1, 100),
    },
    rateLimits: {
      requestsPerMinute: r.int('RATE_LIMIT_REQUESTS_PER_MINUTE', 10, 1),
      quickMessagesPerMinute: r.int('RATE_LIMIT_QUICK_MESSAGES_PER_MINUTE', 5, 1),
      authPerMinute: r.int('RATE_LIMIT_AUTH_PER_MINUTE', 20, 1),
      publicReadsPerMinute: r.int('RATE_LIMIT_PUBLIC_READS_PER_MINUTE', 60, 1),
      loginPerUsername: r.int('RATE_LIMIT_LOGIN_PER_USERNAME', 10, 1),
      loginPerUsernameWindowMinutes: r.int('RATE_LIMIT_LOGIN_WINDOW_MINUTES', 15, 1),
      codesPerAccount: r.int('RATE_LIMIT_CODES_PER_ACCOUNT', 3, 1),
      emergencyCodePer15Minutes: r.int('RATE_LIMIT_EMERGENCY_CODE_PER_15_MINUTES', 10, 1),
      impactDownloadsPerMinute: r.int('RATE_LIMIT_IMPACT_DOWNLOADS_PER_MINUTE', 20, 1),
      selfServicePerMinute: r.int('RATE_LIMIT_SELF_SERVICE_PER_MINUTE', 30, 1),
      volunteerPagePerMinute: r.int('RATE_LIMIT_VOLUNTEER_PAGE_PER_MINUTE', 60, 1),
      volunteerLinkPerMinute: r.int('RATE_LIMIT_VOLUNTEER_LINK_PER_MINUTE', 30, 1),
      statusRepliesPerNumberPerHour: r.int('RATE_LIMIT_STATUS_REPLIES_PER_HOUR', 6, 0),
      verifyPerMinute: r.int('RATE_LIMIT_VERIFY_PER_MINUTE', 30, 1),
      quickAcksPerNumberPerDay: r.int('QUICK_MESSAGE_ACKS_PER_NUMBER_PER_DAY', 3, 0),
      quickAcksPerIpPerDay: r.int('QUICK_MESSAGE_ACKS_PER_IP_PER_DAY', 20, 0),
    },
    storage: readStorage(r, dataDir, cwd),
    backup: readBackup(r, cwd),
    metricsToken: readMetricsToken(r),
    csp: {
      mapTiles: r.origins('CSP_MAP_TILE_ORIGINS', ['https://tile.openstreetmap.org']),
      geocoding: r.origins('CSP_GEOCODE_ORIGINS', ['https://nominatim.openstreetmap.org', 'https://api.bigdatacloud.net']),
    },
  };

  if (config.admin.password !== undefined && config.admin.password.length < 6) {
    r.problems.push('ADMIN_PASSWORD must be at least 6 characters');
  }
  if (r.problems.length) {
    throw new ConfigError('Invalid configuration:\n  - ' + r.problems.join('\n  - '));
  }
  return config;
}

/** Injection token for the configuration object. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** The configured provider's per-call timeout (the circuit's probe lease outlasts one call). */
export function providerTimeoutMs(config: Pick<AppConfig, 'whatsapp'>): number {
  return config.whatsapp.provider === 'meta' ? config.whatsapp.meta.timeoutMs : config.whatsapp.twilio.timeoutMs;
}
