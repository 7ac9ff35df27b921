// docker-compose.yml, .env.example and README's configuration table checked against the variables the
// configuration reader really reads (configVariableNames), and the compose file against what the
// production shape needs: restarts, health checks, one published proxy, data on named volumes.
// This machine runs no Docker engine, so the file is read as YAML, the way compose reads it.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { configVariableNames, isConfigVariable } from './config-variables';

/** Read only by docker compose (to build DATABASE_URL) or by Caddy, never by the app. */
const COMPOSE_ONLY = ['POSTGRES_PASSWORD', 'SITE_DOMAIN', 'ACME_EMAIL'];
/**
 * Set under `environment:` for code merged from other branches (src/migrate.ts, the backup schedule).
 * Once the reader knows one, the test asks for it to be removed here.
 */
const NOT_YET_READ: string[] = [];
const ONE_SHOT = ['migrate'];
const LONG_RUNNING_RESTARTS = ['always', 'unless-stopped'];
const PROXY = 'caddy';

type Mount = { source?: string; target: string; readOnly: boolean; named: boolean };
type Service = Record<string, unknown> & { environment?: unknown; env_file?: unknown; volumes?: unknown };
type Compose = { services: Record<string, Service>; volumes?: Record<string, unknown> | null };
interface Deployment {
  compose: Compose;
  envExample: string;
  readme: string;
}

const read = (file: string): string => readFileSync(join(process.cwd(), file), 'utf8');
// merge: compose files share settings through YAML anchors and `<<:` merge keys.
const parseCompose = (text: string): Compose => parse(text, { merge: true }) as Compose;

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment;
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => String(entry).split(/=(.*)/s, 2) as [string, string]).map(([k, v]) => [k, v ?? '']));
  }
  return Object.fromEntries(Object.entries((env as Record<string, unknown>) ?? {}).map(([k, v]) => [k, v == null ? '' : String(v)]));
}

function envFilesOf(service: Service): string[] {
  const files = service.env_file;
  const list = files === undefined ? [] : Array.isArray(files) ? files : [files];
  return list
    .map((entry) => (typeof entry === 'string' ? entry : String((entry as { path?: string }).path)))
    .map((p) => p.replace(/^\.\//, ''));
}

function mountsOf(service: Service): Mount[] {
  const list = Array.isArray(service.volumes) ? service.volumes : [];
  return list.map((entry: unknown) => {
    if (typeof entry === 'string') {
      const parts = entry.split(':');
      if (parts.length === 1) return { target: parts[0], readOnly: false, named: false };
      const [source, target, mode = ''] = parts;
      return { source, target, readOnly: mode.split(',').includes('ro'), named: /^[A-Za-z0-9][\w.-]*$/.test(source) };
    }
    const long = entry as { type?: string; source?: string; target: string; read_only?: boolean };
    return { source: long.source, target: long.target, readOnly: !!long.read_only, named: long.type === 'volume' && !!long.source };
  });
}

/** The named volume (declared at the top level) that holds `path` in the service, if any. */
function namedVolumeAt(compose: Compose, service: Service, path: string): Mount | undefined {
  const declared = Object.keys(compose.volumes ?? {});
  return mountsOf(service).find(
    (m) => m.named && declared.includes(m.source!) && (path === m.target || path.startsWith(m.target.replace(/\/$/, '') + '/')),
  );
}

/** Services that run the app's image: they read the configuration. */
function appServices(compose: Compose): string[] {
  const image = compose.services.api?.image;
  return Object.entries(compose.services)
    .filter(([, s]) => s.build !== undefined || (image !== undefined && s.image === image))
    .map(([name]) => name);
}

function reachProblems(compose: Compose, known: string[]): string[] {
  const problems: string[] = [];
  for (const required of ['api', 'worker']) if (!compose.services[required]) problems.push(`no ${required} service`);
  for (const name of appServices(compose)) {
    const service = compose.services[name];
    if (envFilesOf(service).includes('.env')) continue;
    const env = environmentOf(service);
    const missing = known.filter((variable) => !(variable in env));
    if (missing.length) problems.push(`${name}: ${missing.join(', ')} cannot reach it (no env_file: .env, not under environment:)`);
  }
  for (const name of appServices(compose)) {
    for (const variable of Object.keys(environmentOf(compose.services[name]))) {
      const isKnown = isConfigVariable(variable, known);
      if (isKnown && NOT_YET_READ.includes(variable)) problems.push(`the reader now knows ${variable}: remove it from NOT_YET_READ`);
      else if (!isKnown && !NOT_YET_READ.includes(variable))
        problems.push(`${name}: environment sets ${variable}, which the app does not read`);
    }
  }
  return problems;
}

function envExampleProblems(text: string, known: string[]): string[] {
  const listed = [...text.matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
  const problems: string[] = [];
  for (const variable of known) {
    const family = /^(.*)<[A-Z_]+>$/.exec(variable);
    const count = listed.filter((name) => (family ? name.startsWith(family[1]) && name !== family[1] : name === variable)).length;
    if (count === 0) problems.push(`.env.example does not list ${variable}`);
    else if (count > 1) problems.push(`.env.example lists ${variable} ${count} times`);
  }
  for (const name of new Set(listed)) {
    if (!isConfigVariable(name, known) && !COMPOSE_ONLY.includes(name)) problems.push(`.env.example lists ${name}, which nothing reads`);
  }
  for (const name of COMPOSE_ONLY) if (!listed.includes(name)) problems.push(`.env.example does not list ${name}`);
  return problems;
}

function readmeProblems(readme: string, known: string[]): string[] {
  const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  const firstCells = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|')[1] ?? '');
  const documented = new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1])));
  return known.filter((variable) => !documented.has(variable)).map((variable) => `README's configuration table lacks ${variable}`);
}

function serviceProblems(compose: Compose): string[] {
  const problems: string[] = [];
  for (const [name, service] of Object.entries(compose.services)) {
    const restart = service.restart as string | undefined;
    const health = service.healthcheck as { test?: unknown; disable?: boolean } | undefined;
    if (ONE_SHOT.includes(name)) {
      if (restart !== 'no') problems.push(`${name} runs once: it needs restart: "no" (has ${String(restart)})`);
      continue;
    }
    if (!LONG_RUNNING_RESTARTS.includes(restart as string)) problems.push(`${name} has no restart policy (restart: ${String(restart)})`);
    const test = health?.test;
    if (!health || health.disable || !test || (Array.isArray(test) && test[0] === 'NONE')) problems.push(`${name} has no health check`);
  }
  return problems;
}

function portProblems(compose: Compose): string[] {
  const problems: string[] = [];
  for (const [name, service] of Object.entries(compose.services)) {
    if (service.network_mode === 'host') problems.push(`${name} uses the host's network (publishes every port)`);
    const ports = Array.isArray(service.ports) ? service.ports : [];
    if (name !== PROXY && ports.length) problems.push(`${name} publishes ports (only ${PROXY} may)`);
  }
  const published = (Array.isArray(compose.services[PROXY]?.ports) ? (compose.services[PROXY].ports as unknown[]) : []).map((p) =>
    typeof p === 'object' && p ? String((p as { published?: unknown }).published) : String(p).split('/')[0].split(':').at(-2),
  );
  for (const port of ['80', '443']) if (!published.includes(port)) problems.push(`${PROXY} does not publish ${port}`);
  return problems;
}

function volumeProblems(compose: Compose): string[] {
  const problems: string[] = [];
  const api = compose.services.api ?? {};
  const apiData = environmentOf(api).DATA_DIR;
  const backupDir = environmentOf(compose.services.backup ?? {}).BACKUP_DIR || '/backups';
  const paths: Array<[string, string, string]> = [
    ['postgres', environmentOf(compose.services.postgres ?? {}).PGDATA || '/var/lib/postgresql/data', 'PostgreSQL data'],
    ['redis', '/data', 'Redis data'],
    ['api', apiData, "the api's DATA_DIR (uploaded files)"],
    [PROXY, '/data', "Caddy's certificates"],
    ['backup', backupDir, 'the backups folder'],
  ];
  for (const [name, path, what] of paths) {
    const service = compose.services[name];
    if (!service) problems.push(`no ${name} service (${what})`);
    else if (!path) problems.push(`${name}: no DATA_DIR under environment: (${what})`);
    else if (!namedVolumeAt(compose, service, path)) problems.push(`${name}: ${path} (${what}) is not on a named volume`);
  }
  const apiVolume = apiData ? namedVolumeAt(compose, api, apiData) : undefined;
  const backupOfFiles = apiData && compose.services.backup ? namedVolumeAt(compose, compose.services.backup, apiData) : undefined;
  if (apiVolume && backupOfFiles?.source !== apiVolume.source) problems.push(`backup does not mount ${apiVolume.source} at ${apiData}`);
  return problems;
}

function trustProxyProblems(compose: Compose): string[] {
  const problems: string[] = [];
  for (const name of appServices(compose)) {
    const env = environmentOf(compose.services[name]);
    if ((name === 'api' || 'TRUST_PROXY' in env) && env.TRUST_PROXY !== '1') {
      problems.push(`${name}: TRUST_PROXY must be exactly 1 (one proxy, ${PROXY}), is ${env.TRUST_PROXY ?? 'unset'}`);
    }
  }
  return problems;
}

function problems(d: Deployment, known: string[]): string[] {
  return [
    ...reachProblems(d.compose, known),
    ...envExampleProblems(d.envExample, known),
    ...readmeProblems(d.readme, known),
    ...serviceProblems(d.compose),
    ...portProblems(d.compose),
    ...volumeProblems(d.compose),
    ...trustProxyProblems(d.compose),
  ];
}

const known = configVariableNames();
const real: Deployment = { compose: parseCompose(read('docker-compose.yml')), envExample: read('.env.example'), readme: read('README.md') };

describe('docker-compose.yml, .env.example and README against the configuration reader', () => {
  it('every variable reaches every app process, is listed once and documented; every service restarts, is checked and keeps its data', () => {
    expect(problems(real, known)).toEqual([]);
  });

  // Each check is shown to fail on a small broken variant of the real files.
  const variant = (change: (d: Deployment) => void): string[] => {
    const copy: Deployment = { ...real, compose: structuredClone(real.compose) };
    change(copy);
    return problems(copy, known);
  };
  const svc = (d: Deployment, name: string): Service => d.compose.services[name];

  it.each<[string, (d: Deployment) => void, RegExp]>([
    ['the worker without env_file', (d) => delete svc(d, 'worker').env_file, /^worker: .*TWILIO_AUTH_TOKEN.* cannot reach it/],
    [
      'the api reading another env file',
      (d) => (svc(d, 'api').env_file = ['production.env']),
      /^api: .*WHATSAPP_PROVIDER.* cannot reach it/,
    ],
    [
      'a misspelt compose-owned variable',
      (d) => ((svc(d, 'api').environment as Record<string, string>).WORKER_IN_PROCES = 'false'),
      /WORKER_IN_PROCES, which the app does not read/,
    ],
    [
      '.env.example without a variable',
      (d) => (d.envExample = d.envExample.replace(/^# TWILIO_TIMEOUT_MS=.*$/m, '')),
      /does not list TWILIO_TIMEOUT_MS/,
    ],
    [
      '.env.example without any content SID',
      (d) => (d.envExample = d.envExample.replace(/^# WHATSAPP_CONTENT_SID_NEW_REQUEST=.*$/m, '')),
      /does not list WHATSAPP_CONTENT_SID_<KEY>/,
    ],
    ['.env.example listing a variable twice', (d) => (d.envExample += '\nPORT=3000\n'), /lists PORT 2 times/],
    [
      '.env.example listing an unknown variable',
      (d) => (d.envExample += '\n# WHATSAPP_TOKEN=x\n'),
      /lists WHATSAPP_TOKEN, which nothing reads/,
    ],
    [
      '.env.example without POSTGRES_PASSWORD',
      (d) => (d.envExample = d.envExample.replace(/^POSTGRES_PASSWORD=.*$/m, '')),
      /does not list POSTGRES_PASSWORD/,
    ],
    [
      'README without a row',
      (d) => (d.readme = d.readme.replace(/^\| `OUTBOX_LEASE_MS` .*$/m, '')),
      /configuration table lacks OUTBOX_LEASE_MS/,
    ],
    ['a worker without a restart policy', (d) => delete svc(d, 'worker').restart, /^worker has no restart policy/],
    ['redis restarting only on failure', (d) => (svc(d, 'redis').restart = 'on-failure'), /^redis has no restart policy/],
    ['postgres without a health check', (d) => delete svc(d, 'postgres').healthcheck, /^postgres has no health check/],
    ["the backup's health check disabled", (d) => (svc(d, 'backup').healthcheck = { disable: true }), /^backup has no health check/],
    ['migrate restarting', (d) => (svc(d, 'migrate').restart = 'unless-stopped'), /^migrate runs once/],
    ['postgres publishing 5432', (d) => (svc(d, 'postgres').ports = ['5432:5432']), /^postgres publishes ports/],
    ['the api publishing 3000', (d) => (svc(d, 'api').ports = ['127.0.0.1:3000:3000']), /^api publishes ports/],
    ['redis on the host network', (d) => (svc(d, 'redis').network_mode = 'host'), /^redis uses the host's network/],
    ['caddy not publishing 443', (d) => (svc(d, 'caddy').ports = ['80:80']), /^caddy does not publish 443/],
    [
      'PostgreSQL data in a folder',
      (d) => (svc(d, 'postgres').volumes = ['./pgdata:/var/lib/postgresql/data']),
      /^postgres: .* is not on a named volume/,
    ],
    ['Redis data on no volume', (d) => delete svc(d, 'redis').volumes, /^redis: \/data \(Redis data\) is not on a named volume/],
    ["the api's files on no volume", (d) => delete svc(d, 'api').volumes, /^api: \/app\/.data .* is not on a named volume/],
    [
      'DATA_DIR moved off the volume',
      (d) => ((svc(d, 'api').environment as Record<string, string>).DATA_DIR = '/srv/data'),
      /^api: \/srv\/data .* is not on a named volume/,
    ],
    [
      "Caddy's certificates on no volume",
      (d) => (svc(d, 'caddy').volumes = ['./Caddyfile:/etc/caddy/Caddyfile:ro']),
      /^caddy: \/data .* is not on a named volume/,
    ],
    ['backups on an undeclared volume', (d) => delete d.compose.volumes!.backups, /^backup: \/backups .* is not on a named volume/],
    [
      'backup not seeing the files',
      (d) => (svc(d, 'backup').volumes = ['backups:/backups']),
      /^backup does not mount app-data at \/app\/.data/,
    ],
    [
      'TRUST_PROXY=true',
      (d) => ((svc(d, 'api').environment as Record<string, string>).TRUST_PROXY = 'true'),
      /^api: TRUST_PROXY must be exactly 1/,
    ],
    [
      'TRUST_PROXY left to .env',
      (d) => delete (svc(d, 'api').environment as Record<string, string>).TRUST_PROXY,
      /^api: TRUST_PROXY must be exactly 1 .* is unset/,
    ],
  ])('fails on %s', (_what, change, expected) => {
    expect(variant(change)).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });

  it('reads the list form of environment and env_file as compose does', () => {
    const found = variant((d) => {
      const worker = svc(d, 'worker');
      worker.environment = Object.entries(environmentOf(worker)).map(([k, v]) => `${k}=${v}`);
      worker.env_file = [{ path: './.env', required: true }];
    });
    expect(found).toEqual([]);
  });
});
