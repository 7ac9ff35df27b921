import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { axeViolations } from '../support/axe';
import { launchChromium, screenshot, settled, signedInPage, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/** The archive of deleted requests (/admin/deleted-requests) and its restore, in Chromium against the real server. */
describe('archive of deleted requests', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;
  const tomorrow = addDaysToDateString(riyadhDateString(new Date()), 1);
  const tag = `أرشيف${Date.now() % 100000}`;
  let phoneSeq = Date.now() % 900_000;
  const nextPhone = () => `0556${String(++phoneSeq).padStart(6, '0')}`;

  async function seed(name: string, phone: string, status = 'received', eventDate = tomorrow): Promise<number> {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name,
         organizer_phone, food_types, status)
       VALUES ('wedding', 70, $1, '22:00', 'مبنى 4، حي الشرم، ينبع', 'custom', $2, $3, '{}', $4) RETURNING id`,
      [eventDate, name, phone, status],
    );
    return row.id;
  }
  const exists = async (id: number) => (await db.query(`SELECT 1 FROM requests WHERE id = $1`, [id])).length === 1;
  const signedIn = (viewport: { width: number; height: number }, path: string): Promise<Page> =>
    signedInPage(browser, base, { token, username: 'archive-e2e' }, viewport, path);

  let launching: Promise<Browser> | undefined;
  beforeAll(async () => {
    // Chromium starts while the app does (a failed start is reported where it is awaited, below).
    launching = launchChromium();
    launching.catch(() => undefined);
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:archive` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'archive-e2e')).token;
    await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
    browser = await launching;
  });
  afterAll(async () => {
    await (browser ?? (await launching?.catch(() => undefined)))?.close();
    await t?.close();
  });

  it('goes from the delete dialog to the archive and restores the request with its number (1280 px)', async () => {
    const name = `${tag} سلمى`;
    const id = await seed(name, nextPhone());
    const other = await seed(`${tag} آخر`, nextPhone());
    // Deleted with a reason by this administrator, through the API (the desk's delete dialog is
    // admin-requests-desk's; archiving with who and why is requests-desk.int-spec's).
    await t.http.delete(`/api/requests/${id}`).set('authorization', `Bearer ${token}`).send({ reason: 'أُدخل مرتين' }).expect(200);
    const page = await signedIn(VIEWPORTS.desktop, '/admin/requests');

    // The delete dialog's mention of the archive is a link to it.
    await search(page, `${tag} آخر`);
    await page.getByRole('button', { name: `حذف الطلب ${other}`, exact: true }).click();
    await page.getByRole('dialog', { name: 'حذف الطلب' }).getByRole('link', { name: 'أرشيف الطلبات المحذوفة' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/deleted-requests');
    await page.getByRole('heading', { level: 1, name: 'أرشيف الطلبات المحذوفة' }).waitFor();
    // The side menu names the archive too.
    expect(await page.getByRole('menuitem', { name: 'أرشيف الطلبات' }).getAttribute('href')).toBe('/admin/deleted-requests');

    await search(page, name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(`#${id}`);
    expect(text).toContain('archive-e2e');
    expect(text).toContain('أُدخل مرتين');
    expect(text).toContain('تم الاستلام');
    await settled(page);
    await screenshot(page, 'admin-archive-1280');
    const wrapper = await page.evaluate(() => {
      const el = document.querySelector('.RaDatagrid-tableWrapper') as HTMLElement;
      return { scroll: el.scrollWidth, client: el.clientWidth };
    });
    expect(wrapper.scroll).toBeLessThanOrEqual(wrapper.client);
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `استعادة الطلب ${id}` }).click();
    const ask = page.getByRole('dialog', { name: `استعادة الطلب #${id}` });
    await ask.waitFor();
    await settled(page);
    await screenshot(page, 'admin-archive-restore-1280');
    await ask.getByRole('button', { name: 'استعادة الطلب' }).click();
    await page.getByText(`تمت استعادة الطلب #${id} إلى قائمة الطلبات`).waitFor();
    expect(await exists(id)).toBe(true);
    await row.waitFor({ state: 'detached' });
    await page.close();
  });

  it('shows archived requests as cards and says in Arabic why one cannot come back (390 px)', async () => {
    const phone = nextPhone();
    const name = `${tag} نورة`;
    const archived = await seed(name, phone, 'confirmed');
    await t.http.delete(`/api/requests/${archived}`).set('authorization', `Bearer ${token}`).send({ reason: 'تجربة' }).expect(200);
    await seed(`${tag} نشط1`, phone, 'received', addDaysToDateString(tomorrow, 1));
    await seed(`${tag} نشط2`, phone, 'reviewing', addDaysToDateString(tomorrow, 2));

    const page = await signedIn(VIEWPORTS.phone, '/admin/deleted-requests');
    await search(page, name);
    const card = page.locator('li').filter({ hasText: name });
    await card.waitFor();
    expect(await page.locator('table').count()).toBe(0);
    await settled(page);
    await screenshot(page, 'admin-archive-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    await card.getByRole('button', { name: `استعادة الطلب ${archived}` }).click();
    await page
      .getByRole('dialog', { name: `استعادة الطلب #${archived}` })
      .getByRole('button', { name: 'استعادة الطلب' })
      .click();
    await page.getByText(`لا يمكن استعادة الطلب #${archived}: لصاحبه طلبان نشطان`, { exact: false }).waitFor();
    await settled(page);
    await screenshot(page, 'admin-archive-refused-390');
    expect(await exists(archived)).toBe(false);
    // Still in the archive, ready for when one of the two is done.
    await card.waitFor();
    await page.close();
  });
});

/**
 * Types a search and waits until the list has applied it (react-admin's search waits half a second,
 * then puts the filter in the address and asks again): a click before that lands on the rows of the
 * search before, which the new answer then replaces.
 */
async function search(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('بحث بالاسم أو الجوال أو رقم الطلب').fill(text);
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(text));
  await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-root, [aria-busy="true"]'));
  await page
    .getByRole('row', { name: new RegExp(text) })
    .or(page.getByText(text, { exact: false }).last())
    .first()
    .waitFor();
}
