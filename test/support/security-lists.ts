import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { ConsoleWhatsAppDriver } from '../../src/modules/messaging/providers/console-whatsapp.driver';
import { WHATSAPP_PROVIDER } from '../../src/modules/messaging/providers/whatsapp-provider';
import { signInAdmin } from './admin-session';
import { launchChromium, openSignedIn } from './browser';
import { ownDatabase } from './own-database';
import { createTestApp, TestApp } from './test-app';
import { testState } from './test-env';

/**
 * The admin app's security screens in Chromium against the real server (with its worker), for the
 * security tab, login attempts, alerts and emergency codes files.
 */

/** Raw values the screens must never show: each has an Arabic label. */
export const RAW_CODES = /invalid_password|invalid_username|geo_blocked|geo_block\b|account_frozen|failed_login|invalid_verification_code/;
/** react-admin's own English, which would mean a missing translation. */
export const ENGLISH = /Rows per page|No results|Go to|Sort by|Search|ra\.\w+|app\.\w+/;

export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

export class SecurityLists {
  private constructor(
    readonly t: TestApp,
    readonly db: DataSource,
    readonly driver: ConsoleWhatsAppDriver,
    readonly base: string,
    private readonly browser: Browser,
    private readonly dropDatabase?: () => Promise<void>,
  ) {}

  /**
   * `redisName` gives the file its own Redis keys (rate limits are raised for its many sign-ins);
   * `ownDatabase` a fresh database, for a file that reads or writes every account.
   */
  static async start(redisName: string, options: { ownDatabase?: boolean } = {}): Promise<SecurityLists> {
    const own = options.ownDatabase ? await ownDatabase(redisName.replace(/\W/g, '_')) : undefined;
    const t = await createTestApp({
      worker: true,
      env: {
        ...(own ? { DATABASE_URL: own.url } : {}),
        REDIS_PREFIX: `${testState().redisPrefix}:${redisName}`,
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        RATE_LIMIT_LOGIN_PER_USERNAME: '1000',
        RATE_LIMIT_CODES_PER_ACCOUNT: '1000',
        TRUST_PROXY: 'true',
      },
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
      const driver = t.app.get<ConsoleWhatsAppDriver>(WHATSAPP_PROVIDER);
      return new SecurityLists(t, t.app.get(DataSource), driver, base, await launchChromium(), own?.drop);
    } catch (err) {
      await t.close();
      await own?.drop();
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
    await this.t.close();
    await this.dropDatabase?.();
  }

  async newPage(viewport: { width: number; height: number }): Promise<Page> {
    return this.browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
  }

  /** Opens `path` holding a real session of `username`, as the admin app stores it after login. */
  async signedIn(page: Page, username: string, path: string): Promise<string> {
    const { token } = await signInAdmin(this.t.app, username);
    await openSignedIn(page, this.base, { token, username }, path);
    return token;
  }
}
