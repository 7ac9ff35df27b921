import { describe, expect, it } from '@jest/globals';
import type { TranslateFunction } from 'react-admin';
import { failureText } from './errorMessage';
import { ApiError, unexplainedFailureText } from './httpClient';
import { i18nProvider } from './i18nProvider';

const translate = i18nProvider.translate as TranslateFunction;
const envelope = (message: string) => ({ statusCode: 404, code: 'NOT_FOUND', message });

/** Admin-side section 8: the spec's heading of each failed action, then why when anything says why. */
describe('failure texts', () => {
  it('gives an unexplained failure Arabic words and its status, never a proxy’s English', () => {
    expect(unexplainedFailureText(502)).toBe('خطأ في الخادم: 502');
    expect(unexplainedFailureText(503)).toBe('خطأ في الخادم: 503');
    expect(unexplainedFailureText(413)).toBe('413: وصلت استجابة غير متوقعة من الخادم');
  });

  it.each([
    ['app.quick_messages_page.reply_failed', 'فشل في إرسال الرد'],
    ['app.quick_messages_page.resend_failed', 'فشل في إعادة الإرسال'],
    ['app.quick_messages_page.delete_failed', 'فشل في الحذف'],
    ['app.password_reset.request_failed', 'فشل في طلب إعادة ضبط كلمة المرور'],
    ['app.password_reset.confirm_failed', 'فشل في تأكيد إعادة ضبط كلمة المرور'],
    ['app.content_edit.save_failed', 'فشل في حفظ المحتوى'],
    ['app.content_edit.lists_save_failed', 'فشل في حفظ خيارات القوائم'],
    ['app.desk.messages.resend_failed', 'فشل في إعادة الإرسال'],
    // A sticker another administrator deleted meanwhile: edited, switched or deleted (admin-stickers-governance e2e keeps the delete).
    ['app.stickers.update_failed', 'فشل في تحديث الملصق'],
    ['app.stickers.toggle_failed', 'فشل في تغيير حالة الملصق'],
    ['app.stickers.delete_failed', 'فشل في حذف الملصق'],
  ])('%s: the spec heading, then the server message, the network or the server error', (key, heading) => {
    expect(failureText(new ApiError(404, 'x', envelope('الرسالة غير موجودة')), translate, key)).toBe(`${heading}: الرسالة غير موجودة`);
    expect(failureText(new ApiError(0, 'x', null, true), translate, key)).toBe(
      `${heading}: تعذّر الاتصال بالخادم. تحقّق من اتصالك بالشبكة ثم حاول مرة أخرى.`,
    );
    expect(failureText(new ApiError(503, unexplainedFailureText(503), null, true), translate, key)).toBe(
      `${heading}: خطأ في الخادم: 503. حاول مرة أخرى بعد قليل.`,
    );
    // Nothing says why (a refusal without a message): the heading alone.
    expect(failureText(new ApiError(409, '409', null), translate, key)).toBe(heading);
  });
});
