import { BlockList, isIP } from 'node:net';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import maxmind from 'maxmind';
import type { Reader, Response } from 'maxmind';

export interface GeoLocation {
  /** ISO 3166-1 alpha-2, e.g. SA. */
  countryCode: string;
  /** Arabic country name. */
  country: string;
}

interface CountryRecord {
  country_code?: string;
}

/** DB-IP's free country database (CC BY 4.0), shipped in an npm package and read offline. */
const DATABASE = join('node_modules', '@ip-location-db', 'dbip-country-mmdb', 'dbip-country.mmdb');

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

const regionNames = new Intl.DisplayNames(['ar'], { type: 'region' });

/** Strips an IPv4-mapped IPv6 prefix (::ffff:1.2.3.4). */
function plainIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** True for loopback, private and link-local addresses: they have no country and are allowed. */
export function isPrivateAddress(ip: string): boolean {
  const plain = plainIp(ip);
  const family = isIP(plain);
  if (!family) return true;
  return PRIVATE.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** Country of an IP address from the offline database, loaded once, on first use. */
@Injectable()
export class GeoIpService {
  private reader: Promise<Reader<Response>> | null = null;

  async lookup(ip: string | null | undefined): Promise<GeoLocation | null> {
    if (!ip || isPrivateAddress(ip)) return null;
    this.reader ??= maxmind.open<Response>(join(process.cwd(), DATABASE));
    let code: string | undefined;
    try {
      code = ((await this.reader).get(plainIp(ip)) as CountryRecord | null)?.country_code;
    } catch {
      this.reader = null;
      return null;
    }
    if (!code) return null;
    return { countryCode: code, country: regionNames.of(code) ?? code };
  }
}
