import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { WHATSAPP_TEMPLATES } from '../../src/modules/messaging/templates/whatsapp-templates';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { axeViolations } from '../support/axe';
import { launchChromium, screenshot, signedInPage, VIEWPORTS, quiet } from '../support/browser';
import { ownDatabase } from '../support/own-database';
import { png } from '../support/sample-files';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/**
 * A day's work on every admin screen at 390 and 1280 px (issue 24's tour): 12 requests, 5 quick
 * messages, an alert, a code, the activity they leave. Whatever a person reads is Arabic: no English
 * word outside the left-to-right islands (numbers, phones, addresses, codes), and no raw key anywhere —
 * no `snake_case` or `camelCase` identifier, even inside those islands (template keys, place codes,
 * setting keys, `governance_card`), except the provider's approved template names an administrator
 * needs when setting up WhatsApp.
 */
const SCREENS: Array<{ path: string; tabs?: string[] }> = [
  { path: '/admin/dashboard' },
  { path: '/admin/requests' },
  { path: '/admin/pickups' },
  { path: '/admin/volunteers' },
  { path: '/admin/volunteers/create' },
  { path: '/admin/volunteers/:volunteer/show' },
  { path: '/admin/volunteers/:volunteer' },
  { path: '/admin/deleted-requests' },
  { path: '/admin/quick-messages' },
  { path: '/admin/statistics', tabs: ['statistics-tab'] },
  { path: '/admin/homepage-statistics' },
  { path: '/admin/impact-reports' },
  { path: '/admin/certificates' },
  { path: '/admin/content-edit' },
  { path: '/admin/locations' },
  { path: '/admin/sticker-management' },
  { path: '/admin/stickers/create' },
  { path: '/admin/stickers/:sticker' },
  { path: '/admin/governance-cards' },
  { path: '/admin/governance-cards/create' },
  { path: '/admin/governance-cards/:card' },
  { path: '/admin/whatsapp-auto-response' },
  { path: '/admin/login-attempts' },
  { path: '/admin/security-alerts' },
  { path: '/admin/emergency-codes' },
  { path: '/admin/main', tabs: ['settings-tab'] },
];

/** Provider-facing identifiers an administrator copies into Twilio or Meta: allowed, left to right. */
const ALLOWED_IDENTIFIERS = new Set(WHATSAPP_TEMPLATES.map((t) => t.name));
/** Proper names written in Latin letters on purpose. */
// «IP» is part of the security alert's approved template text (changing it means a new approval).
const ALLOWED_WORDS = new Set(['OpenStreetMap', 'WhatsApp', 'Twilio', 'Meta', 'SID', 'Content', 'PDF', 'Excel', 'Word', 'IP', 'QR']);
/** File formats and the spec's size units (B, KB, MB, GB) on the upload screens. */
// (A sticker's name keeps its stored image's extension: «ملصق الشكر.png».)
const FILE_WORDS = ['PNG', 'JPEG', 'GIF', 'WebP', 'KB', 'MB', 'GB', 'doc', 'docx', 'pdf', 'png'];
/** The signed-in administrator's username is data, not interface text. */
const USERNAME = 'walk-admin';

/** Texts a person reads (visible text, labels, placeholders, titles) that break the rule above. */
async function nonArabic(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: Array<{ text: string; ltr: boolean }> = [];
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && el.getClientRects().length > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const el = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!el || !text || el.closest('script, style, noscript') || !visible(el)) continue;
      out.push({ text, ltr: !!el.closest('[dir="ltr"], .leaflet-control-attribution') });
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const text = el.getAttribute(attr)?.trim();
        if (text) out.push({ text, ltr: false });
      }
    }
    // What fields show (not a checkbox's "on", nor the value a select keeps in its hidden native input).
    for (const input of Array.from(document.querySelectorAll('input, textarea')) as HTMLInputElement[]) {
      const shown = !['hidden', 'checkbox', 'radio'].includes(input.type) && !input.closest('[aria-hidden="true"]') && input.tabIndex >= 0;
      if (shown && input.value && visible(input)) out.push({ text: input.value, ltr: input.dir === 'ltr' });
    }
    return out;
  });
  const problems = new Set<string>();
  for (const { text: raw, ltr } of found) {
    const text = raw.split(USERNAME).join('');
    const identifiers = (text.match(/\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? []).filter(
      (id) => !ALLOWED_IDENTIFIERS.has(id),
    );
    for (const id of identifiers) problems.add(`raw key «${id}» in «${text.slice(0, 80)}»`);
    if (ltr) continue;
    const words = (text.replace(/https?:\/\/\S+|\S+@\S+/g, '').match(/[A-Za-z]{2,}/g) ?? []).filter(
      (w) => !ALLOWED_WORDS.has(w) && !FILE_WORDS.includes(w),
    );
    for (const word of words) problems.add(`English «${word}» in «${text.slice(0, 80)}»`);
  }
  return [...problems];
}

describe('every admin screen reads Arabic (a day of work at 390 and 1280 px)', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;
  const requestIds: number[] = [];
  const messageIds: number[] = [];
  /** The records the edit screens open (`:sticker`, `:card`, `:volunteer` in SCREENS). */
  const editIds: Record<string, number> = {};
  let own: Awaited<ReturnType<typeof ownDatabase>>;

  let launching: Promise<Browser> | undefined;
  beforeAll(async () => {
    // Chromium starts while the app does (a failed start is reported where it is awaited, below).
    launching = launchChromium();
    launching.catch(() => undefined);
    // A database of its own: the walk reads every screen, and other files' data (an English quick
    // message a test sent on purpose) is not interface text.
    own = await ownDatabase('arabic_walk');
    t = await createTestApp({ env: { DATABASE_URL: own.url, REDIS_PREFIX: `${testState().redisPrefix}:arabic-walk` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'walk-admin')).token;
    await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
    const today = riyadhDateString(new Date());
    const [district] = await db.query(
      `SELECT value FROM simple_districts WHERE area_value = 'yanbu_city' AND is_active ORDER BY id LIMIT 1`,
    );
    const statuses = ['received', 'received', 'reviewing', 'confirmed', 'confirmed', 'completed', 'completed', 'cancelled'];
    for (let i = 0; i < 12; i++) {
      const place = i % 3 === 0 ? (i === 9 ? 'place_gone00000' : 'hotel_ibis_yanbu') : null;
      const [row] = await db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, district,
           important_place, organizer_name, organizer_phone, food_types, status, whatsapp_opt_in)
         VALUES ($1, $2, $3, '23:30', $4, $5, 'yanbu_city', $6, $7, $8, $9, '{rice_meat,sweets}', $10, true) RETURNING id`,
        [
          i % 2 ? 'wedding' : 'graduation',
          80 + i * 10,
          addDaysToDateString(today, (i % 4) - 1),
          place ? (i === 9 ? 'قاعة أُزيلت من القائمة' : 'فندق إيبيس ينبع') : 'ينبع، حي الشاطئ',
          place ? 'important_place' : 'custom',
          place ? null : district.value,
          place,
          `صاحب الطلب ${i + 1}`,
          `05733000${String(i).padStart(2, '0')}`,
          statuses[i % statuses.length],
        ],
      );
      requestIds.push(row.id);
    }
    for (let i = 0; i < 5; i++) {
      const [row] = await db.query(
        `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status, request_id)
         VALUES ($1, $2, 'متابعة طلب سابق', 'طلبات الطعام', $3, $4, $5) RETURNING id`,
        [
          `مرسل ${i + 1}`,
          `05734000${i}0`,
          `متى يصل فريق الاستلام؟ (${i + 1})`,
          i === 2 ? 'failed' : 'sent',
          i === 0 ? requestIds[0] : null,
        ],
      );
      messageIds.push(row.id);
    }
    // Activity the log shows by name: a governance card's row, a settings change, a quick message's state.
    await db.query(
      `INSERT INTO activity_logs (action, entity_type, entity_id, metadata) VALUES
         ('governance_created', 'governance_card', '1', '{}'), ('auto_reply_variable_updated', 'system_settings', NULL, '{}'),
         ('quick_message_updated', 'quick_message', $1, '{}')`,
      [String(messageIds[0])],
    );
    // The security screens' rows: an alert of each kind the walk reads, a failed and a good sign-in, a code.
    await db.query(
      `INSERT INTO security_alerts (alert_type, severity, username, ip_address, description) VALUES
         ('geo_block', 'high', 'walk-admin', '10.90.0.1', 'محاولة دخول من خارج المملكة'),
         ('failed_login', 'medium', 'walk-admin', '10.90.0.2', 'محاولات دخول فاشلة متتالية'),
         ('security_breach', 'high', 'walk-admin', '10.90.0.3', 'دخول طارئ إلى لوحة التحكم برمز الطوارئ YNB-2026-****01 لمدة ساعة واحدة')`,
    );
    await db.query(
      `INSERT INTO login_attempts (username, ip_address, user_agent, success, failure_reason, country, country_code) VALUES
         ('walk-admin', '10.90.0.2', 'Mozilla/5.0', false, 'invalid_password', 'Saudi Arabia', 'SA'),
         ('walk-admin', '10.90.0.3', 'Mozilla/5.0', true, NULL, 'Saudi Arabia', 'SA')`,
    );
    await t.http
      .post('/api/admin/emergency-access-codes')
      .set('authorization', `Bearer ${token}`)
      .send({ masterCode: `YNB-${new Date().getFullYear()}-WALK01`, securityQuestion: 'ما اسم الحي؟', securityAnswer: 'الصناعية' })
      .expect(201);
    // A sticker (a real image) and a governance card for the resources' lists and edit screens.
    const auth = { authorization: `Bearer ${token}` };
    const ticket = (await t.http.post('/api/admin/stickers/upload-url').set(auth).send({ contentType: 'image/png' }).expect(200)).body;
    await t.http.put(ticket.uploadURL).set('content-type', 'image/png').send(png(64, 48)).expect(200);
    editIds.sticker = (
      await t.http
        .post('/api/admin/stickers')
        .set(auth)
        .send({ objectPath: ticket.objectPath, originalName: 'ملصق الشكر.png', description: 'شكراً لكم' })
        .expect(201)
    ).body.id;
    editIds.card = (
      await t.http.post('/api/admin/governance').set(auth).send({ title: 'اللائحة الأساسية', description: 'لائحة الجمعية' }).expect(201)
    ).body.id;
    editIds.volunteer = (
      await t.http
        .post('/api/admin/volunteers')
        .set(auth)
        .send({ name: 'خالد الحربي', whatsapp: '0551230077', areas: ['yanbu_city'], vehicle: 'سيارة مبردة', consent: true })
        .expect(201)
    ).body.id;
    browser = await launching;
  });
  afterAll(async () => {
    await (browser ?? (await launching?.catch(() => undefined)))?.close();
    await t?.close();
    await own?.drop();
  });

  // One signed-in page per width that moves between the screens inside the app (as the menu does): the
  // admin's scripts are parsed once per width, not once per screen.
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    describe(`at ${viewport.width} px`, () => {
      let page: Page;
      afterAll(async () => {
        await page?.close();
      });

      for (const [index, screen] of SCREENS.entries()) {
        const name = screen.path
          .replace('/admin/', '')
          .replace(/\/:(\w+)/, '-edit')
          .replace('/', '-');
        it(`${name}: no English, no raw key and no serious accessibility fault (${size})`, async () => {
          const problems: string[] = [];
          const path = screen.path.replace(/:(\w+)/, (_, key: string) => String(editIds[key]));
          if (index === 0) page = await signedInPage(browser, base, { token, username: 'walk-admin' }, viewport, path);
          else await openInApp(page, path);
          await page.locator('main').first().waitFor();
          await quiet(page);
          // Arabic only, and nothing axe-core rates serious or critical (names, labels, contrast, roles).
          const check = async (where: string) => {
            problems.push(...(await nonArabic(page)).map((p) => `${where}: ${p}`));
            problems.push(...(await axeViolations(page)).map((v) => `${where}: axe ${v}`));
          };
          await check(name);
          await screenshot(page, `walk-${name}-${viewport.width}`);
          // What opens on demand: folded sections (the WhatsApp templates), and a request's details.
          // (All at once, each by its own click as a person's: one round trip rather than one Playwright action each.)
          const unfolded = await page.evaluate(() => {
            const folded = [...document.querySelectorAll<HTMLElement>('.MuiAccordionSummary-root[aria-expanded="false"]')];
            for (const summary of folded.reverse()) summary.click();
            return folded.length;
          });
          if (unfolded) {
            await page.waitForFunction(() => !document.querySelector('.MuiAccordionSummary-root[aria-expanded="false"]'));
            await quiet(page);
            await check(`${name} unfolded`);
          }
          if (name === 'requests') {
            // The request whose place was deleted from the list since: its place is named, never coded.
            await openInApp(page, `/admin/requests?filter=${encodeURIComponent(JSON.stringify({ q: `#${requestIds[9]}` }))}`, {
              sameScreen: true,
            });
            // The search applied: that request alone is listed.
            const items = size === 'phone' ? 'ul[aria-label="الطلبات"] > li' : 'tbody tr';
            await page.waitForFunction(
              ([selector, organizer]) => {
                const rows = [...document.querySelectorAll(selector)];
                return rows.length === 1 && (rows[0].textContent ?? '').includes(organizer);
              },
              [items, 'صاحب الطلب 10'] as const,
            );
            if (size === 'phone') await page.getByRole('button', { name: `تفاصيل الطلب ${requestIds[9]}` }).click();
            else await page.locator('tbody tr').first().click();
            await page.getByRole('dialog').waitFor();
            await quiet(page);
            await check('request details');
            await screenshot(page, `walk-request-details-${viewport.width}`);
          }
          for (const prefix of screen.tabs ?? []) {
            const tabs = page.locator(`[role="tab"][id^="${prefix}"]`);
            for (let i = 1; i < (await tabs.count()); i++) {
              await tabs.nth(i).click();
              await quiet(page);
              await check(`${name} tab ${i}`);
              await screenshot(page, `walk-${name}-tab${i}-${viewport.width}`);
            }
          }
          expect(problems).toEqual([]);
        });
      }
    });
  }
});

/**
 * Moves the admin to `path` inside the app (the router follows the history, as after a menu click) and
 * waits until the new screen has replaced the old one (a screen loaded on first use shows nothing, then
 * react-admin's spinner, meanwhile); `sameScreen` when only the address's query changes.
 */
async function openInApp(page: Page, path: string, { sameScreen = false } = {}): Promise<void> {
  await page.evaluate(
    ([to, mark]) => {
      if (mark) document.querySelector('#main-content > *')?.setAttribute('data-walk-left', '');
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    [path, !sameScreen] as const,
  );
  if (!sameScreen) {
    await page.waitForFunction(() => {
      const shown = document.querySelector('#main-content > *');
      return !!shown && !shown.hasAttribute('data-walk-left') && !shown.classList.contains('RaLoading-root');
    });
  }
  await quiet(page);
}
