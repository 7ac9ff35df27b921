import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Typed reads of environment variables; every problem is collected so one start lists them all. */
export type Env = Record<string, string | undefined>;

const truthy = new Set(['1', 'true', 'yes', 'on']);
const falsy = new Set(['0', 'false', 'no', 'off']);

export class Reader {
  readonly problems: string[] = [];
  /**
   * Every variable asked for, and each family as PREFIX<PLACEHOLDER>: the list that .env.example,
   * README and docker-compose.yml are checked against (configVariableNames()).
   */
  readonly names = new Set<string>();
  /** The values a variable chooses between (oneOf, bool), so the list can take every branch. */
  readonly choices = new Map<string, readonly string[]>();
  constructor(private readonly env: Env) {}

  str(name: string, fallback: string): string;
  str(name: string): string | undefined;
  str(name: string, fallback?: string): string | undefined {
    this.names.add(name);
    const raw = this.env[name]?.trim();
    return raw === undefined || raw === '' ? fallback : raw;
  }

  int(name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    const raw = this.str(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  bool(name: string, fallback: boolean): boolean {
    this.choices.set(name, ['true', 'false']);
    const raw = this.str(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (truthy.has(raw)) return true;
    if (falsy.has(raw)) return false;
    this.problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  /** A comma-separated list of https origins (scheme and host, no path). */
  origins(name: string, fallback: string[]): string[] {
    const raw = this.str(name);
    if (raw === undefined) return fallback;
    const list = raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const bad = list.filter((origin) => {
      try {
        const url = new URL(origin);
        return !['https:', 'http:'].includes(url.protocol) || url.origin !== origin.replace(/\/+$/, '');
      } catch {
        return true;
      }
    });
    if (bad.length) this.problems.push(`${name} must list origins such as https://tile.example.org (got "${bad.join(', ')}")`);
    return list.map((origin) => origin.replace(/\/+$/, ''));
  }

  /** false, true (one hop), a number of hops, or a comma-separated list of proxy addresses/CIDRs. */
  trustProxy(name: string): false | number | string[] {
    const raw = this.str(name)?.toLowerCase();
    if (raw === undefined || falsy.has(raw)) return false;
    if (truthy.has(raw)) return 1;
    if (/^\d{1,2}$/.test(raw)) return Number(raw) || false;
    const list = raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const valid = (entry: string) => {
      const [address, bits] = entry.split('/');
      const version = isIP(address);
      return version !== 0 && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128)));
    };
    if (list.length && list.every(valid)) return list;
    this.problems.push(`${name} must be true, false, a number of proxy hops, or proxy addresses (got "${raw}")`);
    return false;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    this.choices.set(name, allowed);
    const raw = this.str(name);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
    return fallback;
  }

  /** A family of variables PREFIX + suffix (WHATSAPP_CONTENT_SID_NEW_REQUEST…): [suffix, value] of each one set. */
  family(prefix: string, placeholder: string): Array<[suffix: string, value: string]> {
    this.names.add(`${prefix}<${placeholder}>`);
    const out: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(this.env)) {
      if (name.startsWith(prefix) && name.length > prefix.length && value?.trim()) out.push([name.slice(prefix.length), value]);
    }
    return out;
  }

  url(name: string, protocols: string[]): string | undefined {
    const raw = this.str(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      this.problems.push(`${name} must be a ${protocols.join(' or ')} URL`);
      return undefined;
    }
  }
}

/** Reads APP_SECRET from the data folder, creating it (owner-only) on first start. */
export function fileSecret(dataDir: string): string {
  const path = join(dataDir, 'app-secret');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret + '\n', { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
}
