import { describe, expect, it } from '@jest/globals';
import { generateEmergencyCode, isGeneratedEmergencyCode } from './emergencyCode';

describe('generateEmergencyCode', () => {
  it('gives the prefix, the year and six uppercase letters or digits', () => {
    const code = generateEmergencyCode(new Date('2026-03-01T10:00:00Z'));
    expect(code).toMatch(/^YNB-2026-[A-Z0-9]{6}$/);
    expect(isGeneratedEmergencyCode(code)).toBe(true);
  });

  it('does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateEmergencyCode(new Date())));
    expect(codes.size).toBe(200);
  });

  it('skips bytes that would bias the alphabet', () => {
    let call = 0;
    // First batch only biased bytes (252..255), then bytes that map to 'A'.
    const fake = (bytes: Uint8Array<ArrayBuffer>) => bytes.fill(call++ === 0 ? 255 : 0);
    expect(generateEmergencyCode(new Date('2026-01-01T12:00:00Z'), fake)).toBe('YNB-2026-AAAAAA');
  });
});
