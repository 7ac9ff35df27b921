import { describe, expect, it } from '@jest/globals';
import { ConfigError } from './app-config';
import { collectVariableNames, configVariableNames, isConfigVariable } from './config-variables';
import type { Env, Reader } from './env-reader';

describe('configVariableNames', () => {
  it('lists what loadConfig reads, families as their pattern, each once', () => {
    const names = configVariableNames();
    for (const name of [
      'APP_SECRET',
      'TRUST_PROXY',
      'TWILIO_AUTH_TOKEN',
      'S3_SECRET_ACCESS_KEY',
      'LOG_FORMAT',
      'WHATSAPP_CONTENT_SID_<KEY>',
    ]) {
      expect(names).toContain(name);
    }
    expect(new Set(names).size).toBe(names.length);
    // nothing outside the reader's vocabulary: compose-only and test-only names are not the app's
    expect(names).not.toContain('POSTGRES_PASSWORD');
    expect(names).not.toContain('TEST_DATABASE_URL');
  });

  it('takes every branch of a choice, so a name read only with one provider is listed too', () => {
    const section = (env: Env, r: Reader): void => {
      const mode = r.oneOf('MODE', ['plain', 'fancy'], 'plain');
      if (mode === 'fancy' && r.bool('FANCY_EXTRA', false)) r.str('FANCY_EXTRA_DETAIL');
      if (mode === 'fancy') r.str('FANCY_ONLY');
      if (!r.str('NEEDED')) throw new ConfigError('NEEDED is missing');
    };
    expect(collectVariableNames([section], {})).toEqual(['FANCY_EXTRA', 'FANCY_EXTRA_DETAIL', 'FANCY_ONLY', 'MODE', 'NEEDED']);
  });

  it('matches members of a family by prefix and plain names exactly', () => {
    const known = ['PORT', 'WHATSAPP_CONTENT_SID_<KEY>'];
    expect(isConfigVariable('WHATSAPP_CONTENT_SID_NEW_REQUEST', known)).toBe(true);
    expect(isConfigVariable('WHATSAPP_CONTENT_SID_', known)).toBe(false);
    expect(isConfigVariable('PORT', known)).toBe(true);
    expect(isConfigVariable('PORTS', known)).toBe(false);
  });
});
