import { describe, expect, it } from '@jest/globals';
import { loggedPath } from './logged-path';

describe('loggedPath', () => {
  it("keeps paths, drops query strings, and hides the host's and the volunteer's link tokens", () => {
    expect(loggedPath('/api/requests?x=1')).toBe('/api/requests');
    expect(loggedPath('/api/self-service/AbC_d-1/cancel')).toBe('/api/self-service/[redacted]/cancel');
    expect(loggedPath('/api/self-service/AbC_d-1?x')).toBe('/api/self-service/[redacted]');
    expect(loggedPath('/r/AbC_d-1')).toBe('/r/[redacted]');
    expect(loggedPath('/rules')).toBe('/rules');
    // The volunteer's link: their page and its actions.
    expect(loggedPath('/api/volunteer/AbC_d-1/pickups/7/collected')).toBe('/api/volunteer/[redacted]/pickups/7/collected');
    expect(loggedPath('/t/AbC_d-1')).toBe('/t/[redacted]');
    expect(loggedPath('/terms-of-service')).toBe('/terms-of-service');
    expect(loggedPath(undefined)).toBe('');
  });
});
