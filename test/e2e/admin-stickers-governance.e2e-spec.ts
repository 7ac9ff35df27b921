import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { formatGregorianAr } from '../../src/shared/arabic-date';
import { excerpt, formatFileSize } from '../../src/shared/files';
import { signInAdmin } from '../support/admin-session';
import { launchChromium, screenshot, signedInPage, VIEWPORTS, quiet } from '../support/browser';
import { proxyDown } from '../support/network-failures';
import { docx, png } from '../support/sample-files';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The count badge, as its label and its text say it. */
const badgeFor = (n: number) => [`عدد الملصقات ${n}`, `${n} ملصق`];
async function badgeShown(page: Page): Promise<(string | null)[]> {
  const badge = page.getByLabel(/^عدد الملصقات \d+$/);
  return [await badge.getAttribute('aria-label'), await badge.innerText()];
}

/** A dialog's terms and their values, in order. */
function detailsOf(dialog: Locator): Promise<string[][]> {
  return dialog.evaluate((el) =>
    [...el.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']),
  );
}

/**
 * The stickers resource (reached by the spec's /admin/sticker-management), the governance-cards resource
 * (entered from the dashboard's card) and the public /governance page in Chromium.
 */
describe('stickers and governance documents, from the admin to the public page', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;
  const stickerRows = async (): Promise<number> => (await db.query(`SELECT count(*)::int AS n FROM sticker_images`))[0].n;

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:files-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'files-e2e-admin')).token;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await db?.query(`DELETE FROM sticker_images WHERE name LIKE 'بلا-وصف-%'`);
    await t?.close();
  });

  // Worked through at 390 px (the narrow layout, where a toast can cover a card's buttons); the same
  // screens are pictured at 1280 px in a desktop tab.
  {
    const [size, viewport] = ['phone', VIEWPORTS.phone] as const;
    it(`uploads, edits, disables and deletes a sticker, and refuses a file that is not an image (${size}; screenshots at both widths)`, async () => {
      // A sticker without a description, whose file is gone.
      const bare = `بلا-وصف-${size}.png`;
      await db.query(
        `INSERT INTO sticker_images (name, filename, object_path, file_size, mime_type, is_active, sort_order)
         VALUES ($1, $1, $2, 1536, 'image/png', false, 0)`,
        [bare, `stickers/e2e-missing-${size}-${Date.now()}.png`],
      );
      const before = await stickerRows();
      const page = await signedInPage(browser, base, { token, username: 'files-e2e-admin' }, viewport, '/admin/sticker-management');
      await page.getByRole('heading', { level: 1, name: 'إدارة الملصقات' }).waitFor();
      const bareCard = page.getByRole('listitem', { name: bare });
      await bareCard.getByText('الصورة غير متاحة').waitFor();
      // The badge counts the table's rows (read around the page: other files may add stickers meanwhile).
      const shown = await badgeShown(page);
      expect([badgeFor(before), badgeFor(await stickerRows())]).toContainEqual(shown);
      const count = Number(shown[0]!.split(' ').pop());
      // Its size in KB with the spec's decimals; no description on the card.
      expect(await bareCard.locator('bdi').innerText()).toBe('1.5 KB');
      expect(await bareCard.locator('p').count()).toBe(0);
      // The spec's address opens the resource's list.
      expect(new URL(page.url()).pathname).toBe('/admin/stickers');
      expect(await page.getByRole('link', { name: 'العودة إلى لوحة التحكم' }).getAttribute('href')).toBe('/admin/dashboard');

      // Uploading is the resource's create view.
      await page.getByRole('link', { name: 'رفع ملصق جديد' }).click();
      await page.getByRole('heading', { level: 1, name: 'رفع ملصق جديد' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/stickers/create');
      await page
        .locator('input[name="sticker"]')
        .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
      await page.getByRole('alert').filter({ hasText: 'نوع الملف غير مدعوم' }).first().waitFor();

      const name = `ملصق-${size}.png`;
      await page.locator('input[name="sticker"]').setInputFiles({ name, mimeType: 'image/png', buffer: png(120, 80, 3000) });
      await page.getByAltText('معاينة الملصق المختار').waitFor();
      await page.getByLabel('الوصف (اختياري)').fill('ملصق الشكر للمتبرعين');
      await screenshot(page, `admin-sticker-create-${viewport.width}`);
      await page.getByRole('button', { name: 'رفع الملصق' }).click();
      await page.getByText('تم رفع الملصق بنجاح').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/stickers');
      const card = page.getByRole('listitem', { name });
      await card.getByText('نشط', { exact: true }).waitFor();
      // The image really loads from its signed link.
      await expect(card.locator('img').evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBe(120);
      const [row] = await db.query(`SELECT id, width, height, file_size FROM sticker_images WHERE name = $1`, [name]);
      expect(row).toMatchObject({ width: 120, height: 80 });
      // One more on the badge; the card shows the size as the spec formats it, and the description.
      await page.getByLabel(`عدد الملصقات ${count + 1}`, { exact: true }).waitFor();
      expect(await badgeShown(page)).toEqual(badgeFor(await stickerRows()));
      expect(await card.locator('bdi').innerText()).toBe(formatFileSize(row.file_size));
      expect(await card.locator('p').allInnerTexts()).toEqual(['ملصق الشكر للمتبرعين']);

      // Editing is the resource's edit view; saving goes back to the list.
      await card.getByRole('link', { name: `تعديل ${name}` }).click();
      await page.getByRole('heading', { level: 1, name: 'تعديل الملصق' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/admin/stickers/${row.id}`);
      await page.getByLabel('ترتيب العرض').fill('5');
      await screenshot(page, `admin-sticker-edit-${viewport.width}`);
      await page.getByRole('button', { name: 'حفظ' }).click();
      await page.getByText('تم تحديث الملصق بنجاح').first().waitFor();
      await card.getByText('الترتيب 5').waitFor();

      await card.getByRole('switch', { name: `تفعيل ${name}` }).click();
      await card.getByText('معطل', { exact: true }).waitFor();
      await screenshot(page, `admin-stickers-${viewport.width}`);

      // The same screens at 1280 px, in a desktop tab that saves nothing: the list, the details dialog, the
      // edit form, the upload form with a file chosen.
      const wide = await signedInPage(browser, base, { token, username: 'files-e2e-admin' }, VIEWPORTS.desktop, '/admin/stickers');
      const wideCard = wide.getByRole('listitem', { name });
      await wideCard.getByText('معطل', { exact: true }).waitFor();
      await screenshot(wide, 'admin-stickers-1280');
      await wideCard.getByRole('button', { name: `عرض ${name}` }).click();
      await wide.getByRole('dialog', { name: 'تفاصيل الملصق' }).getByText('120 × 80').waitFor();
      await quiet(wide);
      await screenshot(wide, 'admin-sticker-view-1280');
      await wide.getByRole('button', { name: 'إغلاق' }).click();
      await wide.getByRole('dialog', { name: 'تفاصيل الملصق' }).waitFor({ state: 'detached' });
      await wideCard.getByRole('link', { name: `تعديل ${name}` }).click();
      await wide.getByRole('heading', { level: 1, name: 'تعديل الملصق' }).waitFor();
      expect(await wide.getByLabel('ترتيب العرض').inputValue()).toBe('5');
      await screenshot(wide, 'admin-sticker-edit-1280');
      await wide.getByRole('link', { name: 'العودة إلى الملصقات' }).click();
      await wide.getByRole('link', { name: 'رفع ملصق جديد' }).click();
      await wide.getByRole('heading', { level: 1, name: 'رفع ملصق جديد' }).waitFor();
      await wide.locator('input[name="sticker"]').setInputFiles({ name, mimeType: 'image/png', buffer: png(120, 80, 3000) });
      await wide.getByAltText('معاينة الملصق المختار').waitFor();
      await wide.getByLabel('الوصف (اختياري)').fill('ملصق الشكر للمتبرعين');
      await screenshot(wide, 'admin-sticker-create-1280');
      await wide.close();

      // At 390 px the toast sits over the last card's buttons until it goes (as a person would wait; the
      // desktop tab's tour above has mostly outlasted it).
      // (A pointer resting on a toast keeps it open, so the pointer moves away first.)
      await page.mouse.move(5, 5);
      await page.locator('.RaNotification-success').waitFor({ state: 'hidden' });
      await card.getByRole('button', { name: `عرض ${name}` }).click();
      const view = page.getByRole('dialog', { name: 'تفاصيل الملصق' });
      await view.getByText('image/png').waitFor();
      expect(await detailsOf(view)).toEqual([
        ['الاسم', name],
        ['الحجم', formatFileSize(row.file_size)],
        ['النوع', 'image/png'],
        ['الأبعاد', '120 × 80'],
        ['الوصف', 'ملصق الشكر للمتبرعين'],
      ]);
      await screenshot(page, `admin-sticker-view-${viewport.width}`);
      await page.getByRole('button', { name: 'إغلاق' }).click();
      await view.waitFor({ state: 'detached' });
      await bareCard.getByRole('button', { name: `عرض ${bare}` }).click();
      await view.getByText(bare).waitFor();
      expect(await detailsOf(view)).toEqual([
        ['الاسم', bare],
        ['الحجم', '1.5 KB'],
        ['النوع', 'image/png'],
        ['الوصف', 'بلا وصف'],
      ]);
      await page.getByRole('button', { name: 'إغلاق' }).click();

      await card.getByRole('button', { name: `حذف ${name}` }).click();
      await page.getByText('لا يمكن التراجع عن هذا الإجراء').waitFor();
      await page.getByRole('button', { name: 'تأكيد الحذف' }).click();
      await page.getByText('تم حذف الملصق بنجاح').first().waitFor();
      await card.waitFor({ state: 'detached' });
      expect(await db.query(`SELECT 1 FROM sticker_images WHERE id = $1`, [row.id])).toHaveLength(0);
      await page.close();
    });
  }

  // The screens' answers to the server's refusals, one of each kind: the upload link's failure is in
  // admin-ui/src/providers/upload.spec.ts, the edit's and the switch's on a deleted sticker in
  // failureText.spec.ts (their headings) and stickers.service.spec.ts (the 404 and its words).
  it('says which step of a sticker upload failed, and the delete failure; shows the empty list; a document the server refuses is «فشل في رفع الملف» (1280 px)', async () => {
    // A sticker another administrator deletes while this one works on it.
    const deletedName = 'بلا-وصف-يحذف-من-القائمة.png';
    const [{ id: deletedId }] = await db.query(
      `INSERT INTO sticker_images (name, filename, object_path, file_size, mime_type, is_active, sort_order)
       VALUES ($1, $1, $2, 2048, 'image/png', true, 0) RETURNING id`,
      [deletedName, `stickers/e2e-gone-${Date.now()}.png`],
    );
    const page = await signedInPage(browser, base, { token, username: 'files-e2e-admin' }, VIEWPORTS.desktop, '/admin/stickers/create');
    await page.getByRole('heading', { level: 1, name: 'رفع ملصق جديد' }).waitFor();
    const before = await stickerRows();
    const upload = async (name: string, buffer: Buffer) => {
      await page.locator('input[name="sticker"]').setInputFiles({ name, mimeType: 'image/png', buffer });
      await page.getByRole('button', { name: 'رفع الملصق' }).click();
    };
    const failure = (text: string) => page.getByRole('alert').filter({ hasText: text }).first();

    // The file itself refused by the server: a .png that is not an image.
    await upload('ليست-صورة.png', Buffer.from('this is plain text, not a picture'));
    await failure('فشل في رفع الملف').waitFor();
    await screenshot(page, 'admin-sticker-upload-failed-1280');

    // The file uploaded, the record not saved (the api behind a proxy that answers its own 503 page).
    await page.route('**/api/admin/stickers', (route) => (route.request().method() === 'POST' ? proxyDown(503)(route) : route.fallback()));
    await upload('بلا-سجل.png', png(40, 40));
    await failure('فشل في حفظ بيانات الملصق').waitFor();
    expect(await failure('فشل في حفظ بيانات الملصق').innerText()).not.toMatch(/[A-Za-z]{3}/);
    await page.unroute('**/api/admin/stickers');
    // Still on the form, and no sticker was added by either.
    expect(new URL(page.url()).pathname).toBe('/admin/stickers/create');
    expect(await stickerRows()).toBe(before);

    // From the list (the form's way back): the delete of a sticker deleted meanwhile.
    await page.getByRole('link', { name: 'العودة إلى الملصقات' }).click();
    const deleted = page.getByRole('listitem', { name: deletedName });
    await deleted.waitFor();
    await db.query(`DELETE FROM sticker_images WHERE id = $1`, [deletedId]);
    await deleted.getByRole('button', { name: `حذف ${deletedName}` }).click();
    await page.getByRole('button', { name: 'تأكيد الحذف' }).click();
    await failure('فشل في حذف الملصق: الملصق غير موجود').waitFor();

    // The empty state when there is no sticker (the table put back at once: other files use it).
    await db.query('CREATE TABLE IF NOT EXISTS e2e_saved_sticker_images AS TABLE sticker_images WITH NO DATA');
    await db.query('INSERT INTO e2e_saved_sticker_images SELECT * FROM sticker_images');
    await db.query('DELETE FROM sticker_images');
    try {
      // The app bar's refresh reads the list again.
      await page.getByRole('button', { name: 'تحديث البيانات' }).click();
      await page.getByText('لا توجد ملصقات بعد', { exact: true }).waitFor();
      await page.getByText('ارفع أول ملصق لاستخدامه في الرسائل الآلية.', { exact: true }).waitFor();
      expect(await badgeShown(page)).toEqual(badgeFor(0));
      expect(await page.getByRole('list', { name: 'الملصقات' }).count()).toBe(0);
      await screenshot(page, 'admin-stickers-empty-1280');
    } finally {
      await db.query('INSERT INTO sticker_images SELECT * FROM e2e_saved_sticker_images');
      await db.query('DROP TABLE e2e_saved_sticker_images');
    }

    // A Word document that is not one: the server refuses the file and no card is made.
    await page.goto(`${base}/admin/governance-cards/create`);
    const form = page.locator('form');
    await form.getByLabel('العنوان').fill('وثيقة لا تُرفع');
    await form
      .locator('input[name="document"]')
      .setInputFiles({ name: 'ليست-وثيقة.docx', mimeType: DOCX, buffer: Buffer.from('plain text') });
    await form.getByRole('button', { name: 'حفظ' }).click();
    await failure('فشل في رفع الملف').waitFor();
    expect(await db.query(`SELECT id FROM governance_cards WHERE title = 'وثيقة لا تُرفع'`)).toEqual([]);
    await screenshot(page, 'admin-governance-upload-failed-1280');
    await page.close();
  });

  // Worked through at 1280 px; the same screens are pictured at 390 px in a phone tab. Then the public page
  // without any published document, and when loading fails (at 390 px).
  {
    const [size, viewport] = ['desktop', VIEWPORTS.desktop] as const;
    it(`creates a governance card with a Word document from the dashboard's entry and downloads it from /governance (${size}; screenshots at both widths), then the public page's empty and error states`, async () => {
      const page = await signedInPage(browser, base, { token, username: 'files-e2e-admin' }, viewport, '/admin/dashboard');
      const section = page.getByRole('region', { name: 'بطاقات الحوكمة' });
      await section.getByRole('link', { name: 'إضافة بطاقة' }).click();
      // The dashboard's card leads to the governance-cards resource's create view.
      await page.getByRole('heading', { level: 1, name: 'بطاقة حوكمة جديدة' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/governance-cards/create');
      const form = page.locator('form');
      await form.getByRole('button', { name: 'حفظ' }).click();
      await form.getByText('عنوان البطاقة مطلوب').waitFor();
      const title = `اللائحة الأساسية ${size}`;
      await form.getByLabel('العنوان').fill(title);
      await form.getByLabel('الوصف').fill('اللائحة المعتمدة من الجمعية العمومية');
      const content = 'تهدف الجمعية إلى حفظ النعمة وإيصال فائض الطعام إلى الأسر المستحقة في ينبع. '.repeat(4);
      await form.getByLabel('المحتوى').fill(content);
      await form.locator('input[name="document"]').setInputFiles({ name: 'اللائحة.docx', mimeType: DOCX, buffer: docx() });
      await form.getByText('الملف الجديد: اللائحة.docx').waitFor();
      // A display order typed in Arabic-Indic digits is saved as its number.
      await form.getByLabel('ترتيب العرض').fill('۱٢');
      await screenshot(page, `admin-governance-create-${viewport.width}`);
      await form.getByRole('button', { name: 'حفظ' }).click();
      await page.getByText('تم إنشاء البطاقة بنجاح').first().waitFor();
      const [saved] = await db.query(
        `SELECT id, display_order, file_size, created_at FROM governance_cards WHERE title = $1 ORDER BY id DESC LIMIT 1`,
        [title],
      );
      expect(saved.display_order).toBe(12);
      // Back on the resource's list.
      expect(new URL(page.url()).pathname).toBe('/admin/governance-cards');
      const list = page.getByRole('list', { name: 'بطاقات الحوكمة' });
      await list.getByRole('heading', { name: title }).waitFor();
      // The item: the content's excerpt, then the file's type, name and size, and the creation date.
      const item = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      expect(await item.getByText(excerpt(content), { exact: true }).count()).toBe(1);
      expect(await item.locator('.MuiTypography-caption').textContent()).toBe(
        `DOCX · اللائحة.docx · ${formatFileSize(saved.file_size)} · أُنشئت ${formatGregorianAr(saved.created_at)}`,
      );
      await screenshot(page, `admin-governance-list-${viewport.width}`);
      await list.screenshot({ path: resolve(`test-results/screenshots/admin-governance-card-${viewport.width}.png`) });

      // The edit view keeps the document and saves the changed description.
      await list.getByRole('link', { name: `تعديل ${title}` }).click();
      await page.getByRole('heading', { level: 1, name: 'تعديل بطاقة الحوكمة' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/admin/governance-cards/${saved.id}`);
      await page.getByText('الملف الحالي: اللائحة.docx').waitFor();
      await page.locator('form').getByLabel('الوصف').fill('اللائحة المعتمدة من الجمعية العمومية في اجتماعها الأخير');
      await screenshot(page, `admin-governance-edit-${viewport.width}`);
      await page.locator('form').getByRole('button', { name: 'حفظ' }).click();
      await page.getByText('تم تحديث البطاقة بنجاح').first().waitFor();
      await item.getByText('في اجتماعها الأخير').waitFor();

      // The same screens at 390 px, in a phone tab that saves nothing: the list and its card, the edit form,
      // the new card's form filled in.
      const narrow = await signedInPage(browser, base, { token, username: 'files-e2e-admin' }, VIEWPORTS.phone, '/admin/governance-cards');
      const narrowList = narrow.getByRole('list', { name: 'بطاقات الحوكمة' });
      await narrowList.getByRole('heading', { name: title }).waitFor();
      await screenshot(narrow, 'admin-governance-list-390');
      await narrowList.screenshot({ path: resolve('test-results/screenshots/admin-governance-card-390.png') });
      await narrowList.getByRole('link', { name: `تعديل ${title}` }).click();
      await narrow.getByText('الملف الحالي: اللائحة.docx').waitFor();
      await screenshot(narrow, 'admin-governance-edit-390');
      await narrow.goBack();
      await narrow.getByRole('link', { name: 'إضافة بطاقة' }).click();
      await narrow.getByRole('heading', { level: 1, name: 'بطاقة حوكمة جديدة' }).waitFor();
      const narrowForm = narrow.locator('form');
      await narrowForm.getByLabel('العنوان').fill(title);
      await narrowForm.getByLabel('الوصف').fill('اللائحة المعتمدة من الجمعية العمومية');
      await narrowForm.getByLabel('المحتوى').fill(content);
      await narrowForm.locator('input[name="document"]').setInputFiles({ name: 'اللائحة.docx', mimeType: DOCX, buffer: docx() });
      await narrowForm.getByText('الملف الجديد: اللائحة.docx').waitFor();
      await narrowForm.getByLabel('ترتيب العرض').fill('٣');
      await screenshot(narrow, 'admin-governance-create-390');
      await narrow.close();

      const publicPage = await browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
      await publicPage.goto(base + '/governance');
      await quiet(publicPage);
      const doc = publicPage.getByRole('listitem').filter({ has: publicPage.getByRole('heading', { name: title }) });
      await doc.getByText('DOCX', { exact: true }).waitFor();
      await doc.getByText('اللائحة.docx').waitFor();
      expect(await doc.getByText(/…$/).count()).toBe(1);
      await screenshot(publicPage, `public-governance-${viewport.width}`);
      const [download] = await Promise.all([
        publicPage.waitForEvent('download'),
        doc.getByRole('button', { name: `تحميل الملف: ${title}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('اللائحة.docx');
      // The public page at 390 px too (a phone turned to this width: the public site has no menu drawer).
      await publicPage.setViewportSize(VIEWPORTS.phone);
      await quiet(publicPage);
      await doc.getByRole('button', { name: `تحميل الملف: ${title}` }).waitFor();
      await screenshot(publicPage, 'public-governance-390');

      // Hidden on the list: gone from the public page.
      await list.getByRole('switch', { name: `إظهار ${title}` }).click();
      await page.getByText('تم إخفاء البطاقة').first().waitFor();
      const cards = await (await fetch(`${base}/api/governance`)).json();
      expect(cards.some((c: { title: string }) => c.title === title)).toBe(false);

      // Deleted from the list, once confirmed.
      await item.getByRole('button', { name: `حذف ${title}` }).click();
      const confirm = page.getByRole('dialog', { name: 'حذف البطاقة' });
      await confirm.getByText(`هل تريد حذف «${title}» وملفها؟ لا يمكن التراجع عن هذا الإجراء.`).waitFor();
      await confirm.getByRole('button', { name: 'تأكيد الحذف' }).click();
      await page.getByText('تم حذف البطاقة بنجاح').first().waitFor();
      await item.waitFor({ state: 'detached' });
      expect(await db.query(`SELECT 1 FROM governance_cards WHERE id = $1`, [saved.id])).toHaveLength(0);
      await page.close();

      // The public page again: coming soon when no document is published (other files may publish some
      // meanwhile), and the error card when loading fails.
      await db.query(`UPDATE governance_cards SET is_active = false WHERE title LIKE 'اللائحة الأساسية %'`);
      const active = await db.query(`SELECT 1 FROM governance_cards WHERE is_active`);
      await publicPage.reload();
      await quiet(publicPage);
      if (active.length === 0) await publicPage.getByText('لا توجد وثائق منشورة بعد').waitFor();
      await publicPage.route('**/api/governance', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
      await publicPage.reload();
      await quiet(publicPage);
      await publicPage.getByRole('alert').getByText('خطأ في التحميل').waitFor();
      await publicPage.close();
    });
  }
});
