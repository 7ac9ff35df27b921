import { ConfigError, loadConfig } from './app-config';
import { Env, Reader } from './env-reader';

/**
 * A complete production deployment (twilio, S3, every family set once), so each validation branch
 * reads what it reads. Values only need to be well formed; nothing here is contacted.
 */
const REPRESENTATIVE: Env = {
  NODE_ENV: 'production',
  DATA_DIR: '/app/.data',
  APP_SECRET: 'representative-secret-of-at-least-32-characters',
  DATABASE_URL: 'postgres://charity:password@postgres:5432/charity',
  REDIS_URL: 'redis://redis:6379/0',
  WHATSAPP_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC' + '0'.repeat(32),
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: 'whatsapp:+966500000000',
  PUBLIC_BASE_URL: 'https://food.example.org',
  WHATSAPP_CONTENT_SID_NEW_REQUEST: 'HX' + '0'.repeat(32),
  STORAGE_DRIVER: 's3',
  S3_BUCKET: 'charity-files',
};

/** A piece of code that reads its settings through the Reader it is given. */
export type ConfigSection = (env: Env, reader: Reader) => unknown;

/**
 * Everything that reads the environment through a Reader: the server's configuration, and any
 * command's own settings read apart from it (add its read function here, or its variables will be
 * missing from the list and the compose test will say so).
 */
const SECTIONS: readonly ConfigSection[] = [(env, reader) => loadConfig(env, '/', reader)];

/**
 * Every environment variable the configuration reader knows, found by reading a representative
 * environment and then again with each choice variable (WHATSAPP_PROVIDER, STORAGE_DRIVER, every
 * true/false) set to each of its values, so names read on one branch only are listed too. Families
 * appear as their pattern (WHATSAPP_CONTENT_SID_<KEY>). docker-compose.yml, .env.example and README
 * are checked against this list.
 */
export function configVariableNames(): string[] {
  return collectVariableNames(SECTIONS, REPRESENTATIVE);
}

/**
 * The names the sections read from `base`, and again with each choice set to each of its values in
 * the environment where that choice was first met (so a choice inside a branch is explored there).
 */
export function collectVariableNames(sections: readonly ConfigSection[], base: Env): string[] {
  const names = new Set<string>();
  const pending: Array<{ name: string; values: readonly string[]; env: Env }> = [];
  const met = new Set<string>();
  const read = (env: Env): void => {
    const reader = new Reader(env);
    for (const section of sections) {
      try {
        section(env, reader);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
      }
    }
    for (const name of reader.names) names.add(name);
    for (const [name, values] of reader.choices) {
      if (met.has(name)) continue;
      met.add(name);
      pending.push({ name, values, env });
    }
  };
  read(base);
  for (let next = pending.shift(); next; next = pending.shift()) {
    for (const value of next.values) read({ ...next.env, [next.name]: value });
  }
  return [...names].sort();
}

/** Whether NAME is one of the listed variables or belongs to a listed family (PREFIX<PLACEHOLDER>). */
export function isConfigVariable(name: string, known: readonly string[]): boolean {
  return known.some((entry) => {
    const family = /^([A-Z0-9_]+)<[A-Z_]+>$/.exec(entry);
    return family ? name.startsWith(family[1]) && name.length > family[1].length : entry === name;
  });
}
