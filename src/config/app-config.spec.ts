import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

const tmp = () => mkdtempSync(join(tmpdir(), 'config-'));

describe('loadConfig', () => {
  it('starts with no configuration at all, keeping a generated APP_SECRET in the data folder', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir }, dir);
    expect(config.port).toBe(3000);
    expect(config.whatsapp.provider).toBe('console');
    expect(config.workerInProcess).toBe(true);
    expect(config.admin.verificationRequired).toBe(true);
    expect(config.appSecretSource).toBe('file');
    const file = join(dir, 'app-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(config.appSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // a restart keeps the same secret, so sessions survive it
    expect(loadConfig({ DATA_DIR: dir }, dir).appSecret).toBe(config.appSecret);
  });

  it('refuses to start in production without APP_SECRET or with the console WhatsApp driver', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() });
    } catch (error) {
      expect(String(error)).toContain('APP_SECRET is required');
      expect(String(error)).toContain('WHATSAPP_PROVIDER=console is for development only');
    }
  });

  it('lists every invalid variable at once', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'eighty',
        TRUST_PROXY: 'maybe',
        DATABASE_URL: 'mysql://x',
        ADMIN_WHATSAPP_NUMBERS: '0501234567',
        DATA_DIR: tmp(),
      });
    } catch (error) {
      message = String(error);
    }
    for (const name of ['PORT', 'TRUST_PROXY', 'DATABASE_URL', 'ADMIN_WHATSAPP_NUMBERS']) expect(message).toContain(name);
  });

  it('reads TRUST_PROXY as hops or proxy addresses (true = the nearest proxy only)', () => {
    const read = (value: string | undefined) =>
      loadConfig({ DATA_DIR: tmp(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(read(undefined)).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('true')).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1, 172.16.0.0/12')).toEqual(['10.0.0.1', '172.16.0.0/12']);
    expect(() => read('10.0.0.1/40')).toThrow(/TRUST_PROXY/);
  });

  it('reads content SIDs from one variable per template key and refuses a malformed one by name', () => {
    const sid = 'HX' + 'a1'.repeat(16);
    const base = { DATA_DIR: tmp(), APP_SECRET: 's'.repeat(40) };
    expect(
      loadConfig({ ...base, WHATSAPP_CONTENT_SID_NEW_REQUEST: sid, WHATSAPP_CONTENT_SID_AUTOREPLY: sid }).whatsapp.contentSids,
    ).toEqual({
      newRequest: sid,
      autoReply: sid,
    });
    expect(() => loadConfig({ ...base, WHATSAPP_CONTENT_SID_STATUS_UPDATE: 'HX1' })).toThrow(
      /WHATSAPP_CONTENT_SID_STATUS_UPDATE: the content SID of statusUpdate/,
    );
  });

  it('reads LOG_FORMAT as auto or json', () => {
    const base = { DATA_DIR: tmp(), APP_SECRET: 's'.repeat(40) };
    expect(loadConfig(base).logFormat).toBe('auto');
    expect(loadConfig({ ...base, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT must be one of auto, json/);
  });

  it('reads the rate limits and administrator numbers from the environment', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      RATE_LIMIT_REQUESTS_PER_MINUTE: '50',
      ADMIN_WHATSAPP_NUMBERS: '+966 50 111 2233,+447700900123',
      ADMIN_VERIFICATION_REQUIRED: 'false',
      APP_SECRET: 's'.repeat(40),
    });
    expect(config.rateLimits.requestsPerMinute).toBe(50);
    expect(config.rateLimits.quickMessagesPerMinute).toBe(5);
    expect(config.admin.whatsappNumbers).toEqual(['+966501112233', '+447700900123']);
    expect(config.admin.verificationRequired).toBe(false);
    expect(config.appSecretSource).toBe('environment');
  });

  it('with WHATSAPP_PROVIDER=meta refuses to start without its credentials, naming each one', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: 's'.repeat(40),
        WHATSAPP_PROVIDER: 'meta',
        META_ACCESS_TOKEN: 'EAAG',
        DATA_DIR: tmp(),
      });
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain('WHATSAPP_PROVIDER=meta needs META_PHONE_NUMBER_ID, META_APP_SECRET, META_VERIFY_TOKEN');
  });

  it("reads Meta's settings with their defaults, and template names from JSON or one variable per key", () => {
    const meta = {
      WHATSAPP_PROVIDER: 'meta',
      META_ACCESS_TOKEN: 'EAAG-token',
      META_PHONE_NUMBER_ID: '106540352242922',
      META_APP_SECRET: 'app-secret',
      META_VERIFY_TOKEN: 'verify-token',
      DATA_DIR: tmp(),
    };
    const config = loadConfig({
      ...meta,
      WHATSAPP_TEMPLATE_NAMES: '{"newRequest":"new_request_v2","autoReply":"auto_reply_ar"}',
      WHATSAPP_TEMPLATE_NAME_AUTO_REPLY: 'auto_reply_v3',
    });
    expect(config.whatsapp.provider).toBe('meta');
    expect(config.whatsapp.meta).toEqual({
      accessToken: 'EAAG-token',
      phoneNumberId: '106540352242922',
      appSecret: 'app-secret',
      verifyToken: 'verify-token',
      graphBaseUrl: 'https://graph.facebook.com',
      apiVersion: 'v26.0',
      timeoutMs: 15_000,
    });
    // One variable per key wins over the JSON object, as with the content SIDs.
    expect(config.whatsapp.templateNames).toEqual({ newRequest: 'new_request_v2', autoReply: 'auto_reply_v3' });
    expect(() => loadConfig({ ...meta, WHATSAPP_TEMPLATE_NAME_STATUS_UPDATE: 'Status Update' })).toThrow(
      /WHATSAPP_TEMPLATE_NAME_STATUS_UPDATE: the template name of statusUpdate must be lower-case letters/,
    );
    expect(() => loadConfig({ ...meta, META_PHONE_NUMBER_ID: '+966500000000', META_API_VERSION: '23' })).toThrow(
      /META_PHONE_NUMBER_ID must be the number id[\s\S]*META_API_VERSION must look like v26\.0/,
    );
  });
});
