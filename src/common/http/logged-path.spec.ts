import { describe, expect, it } from '@jest/globals';
import { loggedPath } from './logged-path';

describe('loggedPath', () => {
  it("keeps paths, drops query strings, and hides the host's link token", () => {
    expect(loggedPath('/api/requests?x=1')).toBe('/api/requests');
    expect(loggedPath('/api/self-service/AbC_d-1/cancel')).toBe('/api/self-service/[redacted]/cancel');
    expect(loggedPath('/api/self-service/AbC_d-1?x')).toBe('/api/self-service/[redacted]');
    expect(loggedPath('/r/AbC_d-1')).toBe('/r/[redacted]');
    expect(loggedPath('/rules')).toBe('/rules');
    expect(loggedPath(undefined)).toBe('');
  });
});
