import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { ownDatabase } from './own-database';
import { TEMPLATE_KEYS } from '../../src/shared/templates';
import { PrivateRedis } from './private-redis';
import { caddyRootCertificate, freePort, HttpsClient, Proc, startCaddy, startNode, within } from './production-processes';
import { TwilioDouble } from './twilio-double';
import { waitFor } from './wait-for';

export const SITE = 'charity.test';
export const BUCKET = 'charity-files';
export const ADMIN = { username: 'admin', password: 'first-admin-password', whatsapp: '+966500000901' };
/** The content SID the deployment registered for each template (as an operator sets them in .env). */
export const CONTENT_SID = Object.fromEntries(TEMPLATE_KEYS.map((key) => [key, `HX${createHash('md5').update(key).digest('hex')}`]));

/**
 * What production runs, without docker: a fresh database on the run's PostgreSQL server, a private
 * redis-server, the Twilio double, a local S3 server (s3rver), the compiled api and worker as
 * processes (NODE_ENV=production, the commands compose runs) and Caddy with the repository's
 * Caddyfile in front. Every process it starts is stopped by close().
 */
export class ProductionStack {
  readonly procs: Proc[] = [];
  readonly appSecret = randomBytes(36).toString('base64url');
  caddy: Proc | null = null;
  ca = '';

  private constructor(
    readonly dir: string,
    readonly databaseUrl: string,
    private readonly dropDatabase: () => Promise<void>,
    readonly db: pg.Client,
    readonly redis: PrivateRedis,
    readonly double: TwilioDouble,
    readonly s3: S3rver,
    readonly s3Endpoint: string,
    readonly httpPort: number,
    readonly httpsPort: number,
  ) {}

  static async start(): Promise<ProductionStack> {
    const dir = mkdtempSync(join(tmpdir(), 'production-shape-'));
    const own = await ownDatabase('prodshape');
    const db = new pg.Client({ connectionString: own.url });
    await db.connect();
    const redis = await PrivateRedis.start();
    const double = await new TwilioDouble().start();
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: join(dir, 's3'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await s3.run();
    return new ProductionStack(
      dir,
      own.url,
      own.drop,
      db,
      redis,
      double,
      s3,
      `http://127.0.0.1:${port}`,
      await freePort(),
      await freePort(),
    );
  }

  get origin(): string {
    return `https://${SITE}:${this.httpsPort}`;
  }

  /** One .env for every process (compose's env_file), plus what differs per process. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      NODE_ENV: 'production',
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redis.url,
      APP_SECRET: this.appSecret,
      TRUST_PROXY: '1',
      MIGRATE_ON_START: 'false',
      WORKER_IN_PROCESS: 'false',
      LOG_LEVEL: 'info',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_WHATSAPP_NUMBERS: ADMIN.whatsapp,
      WHATSAPP_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: this.double.accountSid,
      TWILIO_AUTH_TOKEN: this.double.authToken,
      TWILIO_FROM: 'whatsapp:+14155238886',
      TWILIO_BASE_URL: this.double.url,
      PUBLIC_BASE_URL: this.origin,
      WHATSAPP_CONTENT_SIDS: JSON.stringify(CONTENT_SID),
      WHATSAPP_RATE_PER_SECOND: '0',
      WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: '0',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: this.s3Endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...extra,
    };
  }

  private dataDir(name: string): string {
    const path = join(this.dir, name);
    mkdirSync(path, { recursive: true });
    return path;
  }

  /** `node dist/src/migrate.js` to its end. */
  async migrate(): Promise<Proc> {
    const proc = this.track(startNode('migrate', 'migrate', this.env({ DATA_DIR: this.dataDir('migrate') })));
    await within(proc.exited, 120_000);
    return proc;
  }

  /** `node dist/src/main.js` listening on `port`. */
  spawnApi(name: string, port: number, extra: Record<string, string> = {}): Proc {
    return this.track(startNode(name, 'main', this.env({ HOST: '127.0.0.1', PORT: String(port), DATA_DIR: this.dataDir(name), ...extra })));
  }

  /** The api, resolved once it answers its health check. */
  async startApi(name: string, port: number, extra: Record<string, string> = {}): Promise<Proc> {
    const proc = this.spawnApi(name, port, extra);
    await waitFor(
      async () => {
        if (!proc.running) throw new Error(`${name} exited before answering\n${proc.describe()}`);
        return fetch(`http://127.0.0.1:${port}/api/health`).then(
          (res) => res.status === 200,
          () => false,
        );
      },
      90_000,
      `${name} to answer on ${port}`,
    );
    return proc;
  }

  /** `node dist/src/worker.js`, resolved once it logs that it is ready. */
  async startWorker(name: string, extra: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Proc> {
    const proc = this.track(startNode(name, 'worker', this.env({ DATA_DIR: this.dataDir(name), ...extra }), nodeArgs));
    await proc.waitForLog((entry) => entry.msg === 'worker ready', 90_000, 'worker ready');
    return proc;
  }

  /** Caddy in front of the api ports, resolved once the site answers through it over HTTPS. */
  async startCaddy(apiPorts: number[]): Promise<Proc> {
    const caddy = this.track(
      startCaddy({
        siteDomain: SITE,
        upstreams: apiPorts.map((p) => `127.0.0.1:${p}`),
        httpPort: this.httpPort,
        httpsPort: this.httpsPort,
        dir: this.dataDir('caddy'),
      }),
    );
    this.caddy = caddy;
    const root = caddyRootCertificate(join(this.dir, 'caddy'));
    await waitFor(() => !caddy.running || existsSync(root), 30_000, "Caddy's root certificate");
    if (!caddy.running) throw new Error(`Caddy did not start\n${caddy.describe()}`);
    this.ca = readFileSync(root, 'utf8');
    const client = this.client();
    try {
      await waitFor(
        () =>
          client.request('GET', '/api/health').then(
            (r) => r.status === 200,
            () => false,
          ),
        60_000,
        'health through Caddy',
      );
    } finally {
      client.close();
    }
    return caddy;
  }

  /** A client of the site through Caddy, connecting from `localAddress`. */
  client(localAddress?: string, maxSockets?: number): HttpsClient {
    return new HttpsClient({ port: this.httpsPort, ca: this.ca, servername: SITE, localAddress, maxSockets });
  }

  /** Signs the first administrator in through the proxy: password, then the code WhatsApp brought. */
  async adminToken(client: HttpsClient): Promise<string> {
    const since = this.double.messages.length;
    const login = await client.request('POST', '/api/auth/login', { json: { username: ADMIN.username, password: ADMIN.password } });
    if (login.status !== 200 || !login.json().requiresVerification) throw new Error(`login answered ${login.status}: ${login.text}`);
    const message = await waitFor(
      () =>
        this.double.messages
          .slice(since)
          .find((m) => m.to === `whatsapp:${ADMIN.whatsapp}` && m.contentSid === CONTENT_SID.verificationCode),
      30_000,
      'the login code at the Twilio double',
    );
    const verified = await client.request('POST', '/api/auth/verify-login', {
      json: { username: ADMIN.username, verificationCode: message.contentVariables!['1'] },
    });
    if (verified.status !== 200) throw new Error(`verify-login answered ${verified.status}: ${verified.text}`);
    return verified.json().token as string;
  }

  track(proc: Proc): Proc {
    this.procs.push(proc);
    return proc;
  }

  async close(): Promise<void> {
    for (const proc of this.procs) proc.kill();
    await Promise.all(this.procs.map((proc) => proc.exited));
    await this.db.end().catch(() => undefined);
    await this.dropDatabase();
    await this.double.stop();
    await this.s3.close();
    await this.redis.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
