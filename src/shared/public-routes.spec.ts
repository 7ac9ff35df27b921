import { describe, expect, it } from '@jest/globals';
import { isKnownPublicPath, PUBLIC_ROUTES } from './public-routes';

describe('the public routes', () => {
  it('lists every page of the public site', () => {
    expect(PUBLIC_ROUTES).toEqual({
      home: '/',
      blocked: '/blocked',
      impact: '/impact/:shareToken',
      hostPage: '/r/:token',
      volunteerPage: '/t/:token',
      privacy: '/privacy-policy',
      terms: '/terms-of-service',
      governance: '/governance',
      about: '/about',
      contact: '/contact',
      verify: '/v/:code',
    });
  });

  it("knows the host's and the volunteer's link pages, and nothing deeper", () => {
    expect(isKnownPublicPath('/r/AbC_d-1')).toBe(true);
    expect(isKnownPublicPath('/t/AbC_d-1')).toBe(true);
    expect(isKnownPublicPath('/t/AbC_d-1/?x=1')).toBe(true);
    expect(isKnownPublicPath('/t/')).toBe(false);
    expect(isKnownPublicPath('/t/a/b')).toBe(false);
    expect(isKnownPublicPath('/t/' + 'a'.repeat(129))).toBe(false);
  });
});
