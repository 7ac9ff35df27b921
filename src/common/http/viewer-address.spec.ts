import { describe, expect, it } from '@jest/globals';
import { viewerAddress } from './viewer-address';

describe('viewerAddress', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(viewerAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(viewerAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('names an IPv6 address by its /64, however it is written', () => {
    const home = '2001:db8:aa:bb::/64';
    expect(viewerAddress('2001:db8:aa:bb::1')).toBe(home);
    expect(viewerAddress('2001:0db8:00aa:00bb:1234:5678:9abc:def0')).toBe(home);
    expect(viewerAddress('2001:DB8:AA:BB:ffff::')).toBe(home);
    expect(viewerAddress('2001:db8:aa:bb::1%eth0')).toBe(home);
    expect(viewerAddress('2001:db8:aa:bc::1')).not.toBe(home);
    expect(viewerAddress('::1')).toBe('0:0:0:0::/64');
    expect(viewerAddress('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(viewerAddress('')).toBe('');
    expect(viewerAddress('not an address')).toBe('not an address');
  });
});
