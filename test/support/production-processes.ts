import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { waitFor } from './wait-for';

/** The repository (jest runs from it): the compiled entry points are under dist/, the Caddyfile at its root. */
export const REPO = resolve('.');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The promise's value, or null when `ms` pass first (the timer is cleared either way). */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolveTimeout) => (timer = setTimeout(() => resolveTimeout(null), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Stopped extends Exit {
  /** From SIGTERM to exit. */
  ms: number;
  /** Still running at the limit: SIGKILLed. */
  killed: boolean;
}

/** Gone by itself within the limit, with exit code 0 (docker and systemd then record a clean stop). */
export function stoppedCleanly(stop: Stopped): boolean {
  return !stop.killed && stop.code === 0;
}

/** A process the test started, with its stdout kept as lines (JSON logs) and the tail of its stderr. */
export class Proc {
  readonly lines: string[] = [];
  readonly exited: Promise<Exit>;
  readonly startedAt = Date.now();
  private stderrTail = '';
  private exit: Exit | null = null;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    let partial = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      this.lines.push(...parts.filter(Boolean));
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => (this.stderrTail = (this.stderrTail + chunk).slice(-6000)));
    this.exited = new Promise((done) =>
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        done(this.exit);
      }),
    );
  }

  get running(): boolean {
    return this.exit === null;
  }

  /** Its JSON log lines (pino's and Caddy's), parsed; other lines are skipped. */
  logs(): Record<string, unknown>[] {
    return this.lines.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  }

  async waitForLog(match: (entry: Record<string, unknown>) => boolean, timeoutMs: number, what: string): Promise<Record<string, unknown>> {
    return waitFor(
      () => {
        if (!this.running) throw new Error(`${this.name} exited while waiting for ${what}\n${this.describe()}`);
        return this.logs().find(match);
      },
      timeoutMs,
      `${this.name}: ${what}`,
    );
  }

  /** SIGTERM, as docker compose and systemd stop a service; SIGKILL only past the limit. */
  async stop(limitMs = 10_000): Promise<Stopped> {
    const signalled = Date.now();
    if (!this.running) return { ...this.exit!, ms: 0, killed: false };
    this.child.kill('SIGTERM');
    const inTime = await within(this.exited, limitMs);
    if (inTime) return { ...inTime, ms: Date.now() - signalled, killed: false };
    this.child.kill('SIGKILL');
    return { ...(await this.exited), ms: Date.now() - signalled, killed: true };
  }

  kill(): void {
    if (this.running) this.child.kill('SIGKILL');
  }

  describe(): string {
    const exit = this.exit ? ` (exited: code ${this.exit.code}, signal ${this.exit.signal})` : '';
    return `${this.name}${exit}\n--- stderr ---\n${this.stderrTail}\n--- last stdout ---\n${this.lines.slice(-15).join('\n')}`;
  }
}

/** A compiled entry point as compose runs it: `node dist/src/<entry>.js`, from the repository, with only this environment. */
export function startNode(name: string, entry: 'main' | 'worker' | 'migrate', env: Record<string, string>, nodeArgs: string[] = []): Proc {
  const child = spawn(process.execPath, [...nodeArgs, join(REPO, 'dist/src', `${entry}.js`)], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Proc(name, child);
}

export interface CaddyOptions {
  siteDomain: string;
  upstreams: string[];
  httpPort: number;
  httpsPort: number;
  /** Caddy's data (the internal CA, certificates) and config folders live here. */
  dir: string;
}

/** Debian's caddy with the repository's Caddyfile: Caddy's own CA, local ports, no admin endpoint. */
export function startCaddy(options: CaddyOptions): Proc {
  const child = spawn('caddy', ['run', '--config', join(REPO, 'Caddyfile'), '--adapter', 'caddyfile'], {
    cwd: options.dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: options.dir,
      XDG_DATA_HOME: join(options.dir, 'data'),
      XDG_CONFIG_HOME: join(options.dir, 'config'),
      SITE_DOMAIN: options.siteDomain,
      API_UPSTREAMS: options.upstreams.join(' '),
      CADDY_ADMIN: 'off',
      CADDY_HTTP_PORT: String(options.httpPort),
      CADDY_HTTPS_PORT: String(options.httpsPort),
      CADDY_LOCAL_CERTS: 'local_certs',
      CADDY_SKIP_INSTALL_TRUST: 'skip_install_trust',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Proc('caddy', child);
}

/** The root certificate of the internal CA Caddy writes under its data folder. */
export function caddyRootCertificate(dir: string): string {
  return join(dir, 'data/caddy/pki/authorities/local/root.crt');
}

/** A plain-http request to Caddy's port 80 stand-in for the site's host: its status and redirect target. */
export function plainHttp(port: number, host: string, path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolveReply, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolveReply({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes
  json(): any;
}

export interface ClientOptions {
  port: number;
  /** Caddy's root certificate: the client trusts nothing else. */
  ca: string | Buffer;
  servername: string;
  /** The client's own address on the loopback network (127.0.0.0/8), distinct from Caddy's. */
  localAddress?: string;
  maxSockets?: number;
}

/** A browser-like HTTPS client of the site behind Caddy (keep-alive, verifies the certificate). */
export class HttpsClient {
  private readonly agent: Agent;
  constructor(private readonly options: ClientOptions) {
    this.agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 8, ca: options.ca });
  }

  request(method: string, path: string, init: { headers?: Record<string, string>; json?: unknown } = {}): Promise<Reply> {
    const body = init.json === undefined ? undefined : Buffer.from(JSON.stringify(init.json));
    const { port, servername, localAddress } = this.options;
    return new Promise((resolveReply, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          servername,
          localAddress,
          agent: this.agent,
          headers: {
            host: `${servername}:${port}`,
            ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
            ...init.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const all = Buffer.concat(chunks);
            const text = all.toString('utf8');
            resolveReply({ status: res.statusCode ?? 0, headers: res.headers, body: all, text, json: () => JSON.parse(text) });
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer within 30 s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
