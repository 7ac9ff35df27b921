import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const ARABIC = /[\u0600-\u06FF]/;

describe('POST /api/quick-messages', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_QUICK_MESSAGES_PER_MINUTE: '100000' } });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (body: Record<string, unknown>) => t.http.post('/api/quick-messages').set('user-agent', 'jest-browser/1.0').send(body);
  const base = (over: Record<string, unknown> = {}) => ({
    senderName: 'خالد',
    senderPhone: '0571234567',
    originalMessage: 'السلام عليكم، لدي سؤال عام',
    ...over,
  });

  async function fieldError(over: Record<string, unknown>, field: string, message: string | RegExp): Promise<void> {
    const res = await post(base(over)).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    if (typeof message === 'string') expect(res.body.errors[field]).toBe(message);
    else expect(res.body.errors[field]).toMatch(message);
  }

  it('stores the inquiry with the canonical phone, classifies it, records the opt-in and enqueues the acknowledgement', async () => {
    const res = await post(base({ senderPhone: '+966 57 123 4567', originalMessage: 'أريد التطوع معكم في نهاية الأسبوع' })).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      status: 'pending',
      inquiryType: 'الاستفسار عن التطوع',
      inquirySubject: 'التطوع',
      message: expect.stringMatching(ARABIC),
    });
    const [row] = await db.query('SELECT * FROM quick_messages WHERE id = $1', [res.body.id]);
    expect(row).toMatchObject({ sender_phone: '0571234567', sender_name: 'خالد', status: 'pending', request_id: null });
    const [optIn] = await db.query(`SELECT * FROM whatsapp_opt_ins WHERE phone_number = '+966571234567'`);
    expect(optIn).toMatchObject({ opt_in_status: true, consent_method: 'quick_message_form', user_agent: 'jest-browser/1.0' });
    expect(optIn.consent_text).toMatch(ARABIC);
    const groups = await db.query(
      `SELECT g.type, r.whatsapp, r.role FROM assurance_notification_groups g JOIN assurance_recipients r ON r.group_id = g.group_id WHERE g.form_id = $1`,
      [`quick_message:${res.body.id}`],
    );
    expect(groups).toEqual([{ type: 'inquiryReceived', whatsapp: '+966571234567', role: 'customer' }]);
  });

  it.each([
    ['متى يتم جمع الطعام من القاعة؟', 'متابعة طلب سابق', 'طلبات الطعام'],
    ['I want to follow my Request please', 'متابعة طلب سابق', 'طلبات الطعام'],
    ['كيف يمكنني المساعدة؟', 'الاستفسار عن التطوع', 'التطوع'],
    ['أرغب في دعم الجمعية', 'الاستفسار عن التبرعات', 'التبرعات'],
    ['how to donate money', 'الاستفسار عن التبرعات', 'التبرعات'],
    ['أحتاج معلومات عن الجمعية', 'استفسار عن خدمات الجمعية', 'خدمات الجمعية'],
    ['شكراً لكم على جهودكم', 'استفسار عام', 'أخرى'],
  ])('classifies «%s» as %s / %s', async (message, type, subject) => {
    const res = await post(base({ originalMessage: message, senderPhone: '0571110000' })).expect(201);
    expect(res.body).toMatchObject({ inquiryType: type, inquirySubject: subject });
    const [row] = await db.query('SELECT inquiry_type, inquiry_subject FROM quick_messages WHERE id = $1', [res.body.id]);
    expect(row).toEqual({ inquiry_type: type, inquiry_subject: subject });
  });

  it("sends a failed acknowledgement again and an administrator's reply, each in one transaction with its change", async () => {
    const auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'quick-admin')).token}` };
    const created = await post(base({ senderName: 'اربح www.prize-scam.example', senderPhone: '0573330001' })).expect(201);
    const id = created.body.id as number;
    const sends = async (templateKey: string) =>
      (await db.query(
        `SELECT a.content_variables FROM assurance_attempts a JOIN assurance_notification_groups g ON g.group_id = a.group_id
          WHERE g.form_id = $1 AND a.template_key = $2 ORDER BY a.attempt_id`,
        [`quick_message:${id}`, templateKey],
      )) as { content_variables: Record<string, string> }[];
    // Only a failed acknowledgement can be sent again.
    const early = await t.http.post(`/api/admin/quick-messages/${id}/retry`).set(auth).expect(409);
    expect(early.body.message).toMatch(ARABIC);
    await db.query(`UPDATE quick_messages SET status = 'failed', error_message = 'x' WHERE id = $1`, [id]);
    await t.http.post(`/api/admin/quick-messages/${id}/retry`).set(auth).expect(200);
    const acks = await sends('inquiryReceived');
    expect(acks).toHaveLength(2);
    // The second acknowledgement greets with the same fixed words: nothing the visitor typed goes out.
    expect(JSON.stringify(acks[1].content_variables)).not.toMatch(/prize|scam|www/);
    const [row] = await db.query('SELECT status, error_message FROM quick_messages WHERE id = $1', [id]);
    expect(row).toEqual({ status: 'pending', error_message: null });

    const reply = await t.http.post(`/api/admin/quick-messages/${id}/reply`).set(auth).send({ reply: 'نعم، يسعدنا ذلك' }).expect(200);
    expect(reply.body).toMatchObject({ success: true, replyStatus: 'pending' });
    const [replied] = await sends('customMessage');
    expect(Object.values(replied.content_variables)).toContain('نعم، يسعدنا ذلك');
    await t.http.post(`/api/admin/quick-messages/999999999/reply`).set(auth).send({ reply: 'x' }).expect(404);
  });

  it('never echoes what the visitor typed in the acknowledgement, and acknowledges each number and address a few times a day', async () => {
    const limited = await createTestApp({
      env: {
        RATE_LIMIT_QUICK_MESSAGES_PER_MINUTE: '100000',
        QUICK_MESSAGE_ACKS_PER_NUMBER_PER_DAY: '2',
        QUICK_MESSAGE_ACKS_PER_IP_PER_DAY: '3',
        REDIS_PREFIX: `${testState().redisPrefix}:quick-acks`,
      },
    });
    try {
      const send = (senderPhone: string, senderName = 'خالد') =>
        limited.http.post('/api/quick-messages').send(base({ senderPhone, senderName })).expect(201);
      const acks = async (id: number) =>
        (await db.query(
          `SELECT a.content_variables FROM assurance_attempts a JOIN assurance_notification_groups g ON g.group_id = a.group_id WHERE g.form_id = $1`,
          [`quick_message:${id}`],
        )) as { content_variables: Record<string, string> }[];

      const scam = await send('0572220001', 'اربح جائزة www.prize-scam.example');
      const [ack] = await acks(scam.body.id);
      expect(JSON.stringify(ack.content_variables)).not.toMatch(/prize|scam|جائزة|www/);
      expect(Object.values(ack.content_variables)).toContain('عميلنا الكريم');

      // The same number: its second inquiry of the day is acknowledged, the third is stored without one.
      expect(await acks((await send('0572220001')).body.id)).toHaveLength(1);
      const third = await send('0572220001');
      expect(await acks(third.body.id)).toHaveLength(0);
      const [stored] = await db.query('SELECT status FROM quick_messages WHERE id = $1', [third.body.id]);
      expect(stored.status).toBe('pending');
      // The same address, another number: the address's allowance (3) is spent too.
      expect(await acks((await send('0572220002')).body.id)).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });

  it('links the inquiry to the sender’s latest active request', async () => {
    const insert = (status: string) =>
      db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status)
         VALUES ('wedding', 50, '2026-01-01', '22:00', 'ينبع', 'custom', 'منظم', '0572220000', $1) RETURNING id`,
        [status],
      );
    const [older] = await insert('received');
    const [latest] = await insert('confirmed');
    await insert('completed');
    const res = await post(base({ senderPhone: '0572220000', originalMessage: 'متى تصلون لاستلام الطعام؟' })).expect(201);
    const [row] = await db.query('SELECT request_id FROM quick_messages WHERE id = $1', [res.body.id]);
    expect(row.request_id).toBe(latest.id);
    expect(row.request_id).not.toBe(older.id);
  });

  it('checks the name, the Saudi phone, the length and the banned words with the spec messages', async () => {
    await fieldError({ senderName: '  ' }, 'senderName', ARABIC);
    await fieldError({ senderPhone: '0312345678' }, 'senderPhone', 'يرجى إدخال رقم هاتف سعودي صحيح (05xxxxxxxx)');
    await fieldError({ senderPhone: '' }, 'senderPhone', 'يرجى إدخال رقم هاتف سعودي صحيح (05xxxxxxxx)');
    await fieldError({ originalMessage: 'شكرا' }, 'originalMessage', 'الرسالة قصيرة جداً (4 أحرف) - يرجى كتابة 5 أحرف على الأقل');
    await fieldError({ originalMessage: 'ا'.repeat(501) }, 'originalMessage', 'الرسالة طويلة جداً (501 حرف) - الحد الأقصى 500 حرف');
    await fieldError(
      { originalMessage: 'عندي إعلان لمنتج جديد' },
      'originalMessage',
      'الكلمة "إعلان" غير مسموحة في الاستفسار - يرجى إزالتها وإعادة الإرسال',
    );
    await fieldError(
      { originalMessage: 'This is SPAM for you' },
      'originalMessage',
      'الكلمة "spam" غير مسموحة في الاستفسار - يرجى إزالتها وإعادة الإرسال',
    );
    await fieldError({ originalMessage: 'خدمات التسويق لديكم' }, 'originalMessage', /تسويق/);
    // Exactly 5 and 500 characters after trimming pass; a word that merely contains a banned one passes.
    await post(base({ originalMessage: '  شكراً  ' })).expect(201);
    await post(base({ originalMessage: 'ا'.repeat(500) })).expect(201);
    await post(base({ originalMessage: 'نراكم في فصل الربيع إن شاء الله' })).expect(201);
    await post(base({ senderPhone: '٩٦٦٥٧١٢٣٤٥٦٧' })).expect(201);
  });

  it('rejects unknown fields and answers 503 while the site is blocked', async () => {
    const extra = await post(base({ admin: true })).expect(400);
    expect(extra.body.errors.admin).toMatch(ARABIC);
    await db.query(`UPDATE system_settings SET value = 'true' WHERE key = 'site_blocked'`);
    try {
      const res = await post(base()).expect(503);
      expect(res.body).toMatchObject({ code: 'SITE_BLOCKED', details: { blocked: true } });
    } finally {
      await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
    }
  });
});
