import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { WHATSAPP_TEMPLATES } from '../../src/database/seeds/data/templates';
import type { TestApp } from '../support/test-app';
import { TwilioDouble } from '../support/twilio-double';
import { waitFor } from '../support/wait-for';
import { SIDS, TwilioWhatsApp } from '../support/webhooks';

// The admin calls that send through Twilio: quick messages (retry, reply), administrator numbers, tests and templates.

describe('WhatsApp through Twilio: admin calls', () => {
  let whatsapp: TwilioWhatsApp;
  let t: TestApp;
  let db: DataSource;
  let double: TwilioDouble;
  let token: string;

  beforeAll(async () => {
    whatsapp = await TwilioWhatsApp.start(43_000_000);
    ({ t, db, double, token } = whatsapp);
  });
  afterAll(async () => {
    await whatsapp?.close();
  });

  describe('quick messages (admin)', () => {
    async function insertQuickMessage(phone: string, status = 'pending'): Promise<number> {
      const [row] = await db.query(
        `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status)
         VALUES ('خالد', $1, 'استفسار عام', 'أخرى', 'متى تبدأون الاستلام؟', $2) RETURNING id`,
        [whatsapp.local(phone), status],
      );
      return row.id as number;
    }
    const auth = () => ({ authorization: `Bearer ${token}` });

    it('lists with stats (sent and delivered count as sent), resends failed ones, replies through customMessage and deletes in bulk', async () => {
      const phones = [whatsapp.nextPhone(), whatsapp.nextPhone(), whatsapp.nextPhone(), whatsapp.nextPhone()];
      for (const p of phones) await whatsapp.optIn(p);
      const ids = [
        await insertQuickMessage(phones[0], 'sent'),
        await insertQuickMessage(phones[1], 'delivered'),
        await insertQuickMessage(phones[2], 'failed'),
        await insertQuickMessage(phones[3], 'pending'),
      ];
      await db.query(`UPDATE quick_messages SET error_message = 'الرقم غير مسجل في واتساب' WHERE id = $1`, [ids[2]]);
      const list = await t.http
        .get('/api/admin/quick-messages')
        .query({ filter: JSON.stringify({ id: ids }) })
        .set(auth());
      expect(list.status).toBe(200);
      expect(list.headers['content-range']).toBe('items 0-3/4');
      const mine = list.body as { id: number }[];
      expect(mine.map((m) => m.id)).toEqual([...ids].reverse()); // newest first
      expect(mine.find((m: { id: number }) => m.id === ids[2])).toMatchObject({
        phoneNumber: whatsapp.local(phones[2]),
        senderName: 'خالد',
        originalMessage: 'متى تبدأون الاستلام؟',
        inquiryType: 'استفسار عام',
        inquirySubject: 'أخرى',
        status: 'failed',
        errorMessage: 'الرقم غير مسجل في واتساب',
        adminReply: null,
        replyStatus: null,
        requestId: null,
      });
      const stats = await t.http.get('/api/admin/quick-messages/stats').set(auth()).expect(200);
      const all = (await db.query('SELECT status, answered FROM quick_messages')) as { status: string; answered: boolean }[];
      expect(stats.body).toEqual({
        total: all.length,
        sent: all.filter((m) => m.status === 'sent' || m.status === 'delivered').length,
        failed: all.filter((m) => m.status === 'failed').length,
        pending: all.filter((m) => m.status === 'pending').length,
        unanswered: all.filter((m) => !m.answered).length,
      });

      const notFailed = await t.http.post(`/api/admin/quick-messages/${ids[0]}/retry`).set(auth());
      expect(notFailed.status).toBe(409);
      expect(notFailed.body.message).toBe('لا يمكن إعادة إرسال رسالة لم يفشل إرسالها');

      const retry = await t.http.post(`/api/admin/quick-messages/${ids[2]}/retry`).set(auth());
      expect(retry.status).toBe(200);
      const ack = await waitFor(() => double.sentTo(phones[2])[0]);
      expect(ack.contentSid).toBe(SIDS.inquiryReceived);
      await waitFor(async () => (await db.query('SELECT status FROM quick_messages WHERE id = $1', [ids[2]]))[0].status === 'sent');
      await whatsapp.status({ MessageSid: ack.sid, MessageStatus: 'delivered' });
      expect((await db.query('SELECT status, error_message FROM quick_messages WHERE id = $1', [ids[2]]))[0]).toEqual({
        status: 'delivered',
        error_message: null,
      });

      const empty = await t.http.post(`/api/admin/quick-messages/${ids[3]}/reply`).set(auth()).send({ reply: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors.reply).toBe('نص الرد مطلوب');
      double.next({ kind: 'error', httpStatus: 400, code: 21610 });
      const reply = await t.http
        .post(`/api/admin/quick-messages/${ids[3]}/reply`)
        .set(auth())
        .send({ reply: 'نبدأ الاستلام من الساعة الثامنة.' });
      expect(reply.status).toBe(200);
      const failedReply = await waitFor(async () => {
        const [q] = await db.query('SELECT admin_reply, reply_status, reply_error_message FROM quick_messages WHERE id = $1', [ids[3]]);
        return q.reply_status === 'failed' ? q : null;
      });
      expect(failedReply.admin_reply).toBe('نبدأ الاستلام من الساعة الثامنة.');
      expect(failedReply.reply_error_message).toContain('ألغى المستلم الاشتراك');
      await t.http.post(`/api/admin/quick-messages/${ids[3]}/reply`).set(auth()).send({ reply: 'نعتذر، نبدأ الساعة التاسعة.' });
      const sentReply = await waitFor(() => double.sentTo(phones[3]).find((m) => m.contentSid === SIDS.customMessage));
      expect(sentReply.contentVariables).toMatchObject({ '1': 'خالد', '3': 'نعتذر، نبدأ الساعة التاسعة.' });
      await waitFor(
        async () => (await db.query('SELECT reply_status FROM quick_messages WHERE id = $1', [ids[3]]))[0].reply_status === 'sent',
      );

      const del = await t.http
        .delete('/api/admin/quick-messages')
        .set(auth())
        .send({ ids: ids.slice(0, 2) });
      expect(del.status).toBe(200);
      expect(del.body.deleted).toBe(2);
      const bad = await t.http.delete('/api/admin/quick-messages').set(auth()).send({ ids: [] });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.ids).toBe('اختر رسالة واحدة على الأقل');
    });
  });

  describe('WhatsApp admin calls', () => {
    const auth = () => ({ authorization: `Bearer ${token}` });

    it('administrator numbers: E.164 validated, stored in the database, then used by the broadcast test', async () => {
      expect((await t.http.get('/api/admin/whatsapp-numbers').set(auth())).body).toEqual({ numbers: [], source: 'database' });
      const bad = await t.http
        .post('/api/admin/whatsapp-numbers')
        .set(auth())
        .send({ numbers: ['0501234567'] });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.numbers).toContain('الصيغة الدولية');
      const ok = await t.http.post('/api/admin/whatsapp-numbers').set(auth()).send({ numbers: '+966 50 111 2222, 00966503334444' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ numbers: ['+966501112222', '+966503334444'], source: 'database' });
      expect((await t.http.get('/api/admin/whatsapp-numbers').set(auth())).body.numbers).toEqual(['+966501112222', '+966503334444']);

      try {
        const broadcast = await t.http.post('/api/admin/test-whatsapp-broadcast').set(auth());
        expect(broadcast.status).toBe(200);
        expect(broadcast.body).toMatchObject({ success: true, summary: { total: 2, successful: 2, failed: 0 } });
        expect(double.sentTo('+966501112222').length).toBeGreaterThan(0);
      } finally {
        // Other test files of the run expect no administrator number in the database.
        await db.query(`DELETE FROM system_settings WHERE key = 'admin_whatsapp_numbers'`);
      }
    });

    it('test-whatsapp-single answers the spec shape, and a failure with success false', async () => {
      const res = await t.http
        .post('/api/admin/test-whatsapp-single')
        .set(auth())
        .send({ testNumber: '+966 55 000 1111', customMessage: 'تجربة' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, details: { phoneNumber: '+966550001111' } });
      expect(typeof res.body.message).toBe('string');
      expect(typeof res.body.details.statusMessage).toBe('string');
      expect(typeof res.body.details.instructions).toBe('string');
      expect(double.sentTo('+966550001111').at(-1)!.contentVariables!['3']).toBe('تجربة');

      double.next({ kind: 'error', httpStatus: 400, code: 21211 });
      const failed = await t.http.post('/api/admin/test-whatsapp-single').set(auth()).send({ testNumber: '+966550001112' });
      expect(failed.body.success).toBe(false);
      expect(failed.body.details.statusMessage).toContain('رقم الجوال غير صالح');

      const missing = await t.http.post('/api/admin/test-whatsapp-single').set(auth()).send({});
      expect(missing.status).toBe(400);
      expect(missing.body.errors.testNumber).toBe('رقم الاختبار مطلوب');
    });

    it('template-info: fourteen templates with components, content SIDs and a compliance check; toggle-template-mode', async () => {
      const res = await t.http.get('/api/admin/template-info').set(auth());
      expect(res.status).toBe(200);
      expect(res.body.totalTemplates).toBe(14);
      expect(res.body.metaCompliant).toBe(14);
      expect(res.body.useTemplates).toBe(true);
      expect(res.body.templates.statusUpdate).toMatchObject({
        name: 'request_status_update',
        language: 'ar',
        category: 'utility',
        contentSid: SIDS.statusUpdate,
      });
      expect(res.body.templates.statusUpdate.components.map((c: { type: string }) => c.type)).toEqual([
        'HEADER',
        'BODY',
        'FOOTER',
        'BUTTONS',
      ]);
      // The host's link: a URL button whose address ends in the request's token ({{6}}).
      expect(res.body.templates.statusUpdate.components[3]).toEqual({ type: 'BUTTONS', text: 'متابعة الطلب', url: '/r/{{6}}' });
      expect(res.body.compliance.newRequest).toEqual({ isCompliant: true, issues: [], recommendations: [] });

      await db.query(
        `UPDATE assurance_templates SET components = '[{"type":"BODY","text":"{{1}} تم {{3}}"},{"type":"FOOTER","text":"{{1}}"}]' WHERE key = 'customMessage'`,
      );
      const broken = await t.http.get('/api/admin/template-info').set(auth());
      expect(broken.body.metaCompliant).toBe(13);
      expect(broken.body.compliance.customMessage.isCompliant).toBe(false);
      expect(broken.body.compliance.customMessage.issues.length).toBeGreaterThanOrEqual(3);
      await db.query(`UPDATE assurance_templates SET components = $1 WHERE key = 'customMessage'`, [
        JSON.stringify(WHATSAPP_TEMPLATES.find((x) => x.key === 'customMessage')!.components),
      ]);

      const off = await t.http.post('/api/admin/toggle-template-mode').set(auth()).send({ useTemplates: false });
      expect(off.status).toBe(200);
      expect(typeof off.body.message).toBe('string');
      expect((await t.http.get('/api/admin/template-info').set(auth())).body.useTemplates).toBe(false);
      await t.http.post('/api/admin/toggle-template-mode').set(auth()).send({ useTemplates: true });
      const bad = await t.http.post('/api/admin/toggle-template-mode').set(auth()).send({ useTemplates: 'maybe' });
      expect(bad.status).toBe(400);
    });

    it('auto-response variables: read with a preview, saved one key at a time', async () => {
      const res = await t.http.post('/api/admin/whatsapp/auto-response-variables').set(auth()).send({ key: 'phone1', value: '0550001234' });
      expect(res.status).toBe(200);
      const get = await t.http.get('/api/admin/whatsapp/auto-response-variables').set(auth());
      expect(Object.keys(get.body.variables)).toEqual(['website', 'hours', 'area', 'phone1', 'phone2']);
      expect(get.body.variables.phone1).toBe('0550001234');
      expect(get.body.preview).toContain('للتواصل المباشر: 0550001234');
      expect(get.body.preview).toContain('هذا الرقم مخصص للإشعارات');
      const bad = await t.http.post('/api/admin/whatsapp/auto-response-variables').set(auth()).send({ key: 'footer', value: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.key).toContain('اسم المتغير غير صحيح');
    });
  });
});
