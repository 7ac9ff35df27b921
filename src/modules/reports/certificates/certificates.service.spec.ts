import { describe, expect, it } from '@jest/globals';
import type { DbScope } from '../../../database/db-scope';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, stubOf, TEST_NOW } from '../../../../test/support/test-service';
import type { RequestCertificateFigures } from '../../../shared/certificates';
import type { CertificateEntity } from '../entities/certificate.entity';
import { FoodCalculationRepository, type FoodRule } from '../food/food-calculation.repository';
import { CertificatesRepository, type NewCertificate, type RequestSource } from './certificates.repository';
import { CertificatesService } from './certificates.service';

const FORMULA: FoodRule = { method: 'formula', manualAmount: 0, multiplier: 0.5 };

function source(values: Partial<RequestSource> = {}): RequestSource {
  return {
    id: 42,
    status: 'completed',
    organizerName: 'أسرة الحربي',
    eventType: 'wedding',
    eventTypeLabel: null,
    eventDate: '2026-11-27',
    attendeeCount: 250,
    locationType: 'important_place',
    importantPlace: 'hall-reem',
    placeLabel: 'قاعة الريم',
    weighedKg: null,
    charityName: null,
    ...values,
  };
}

/** Certificates kept in memory (a request has one at most, as the unique index keeps it); reads are stubs. */
function setup(options: { rule?: FoodRule; env?: Record<string, string> } = {}) {
  const rows: CertificateEntity[] = [];
  const repo = stubOf(CertificatesRepository);
  repo.insert.mockImplementation(async (_scope: DbScope, values: NewCertificate) => {
    if (values.kind === 'request' && rows.some((r) => r.requestId === values.requestId)) return null;
    const row = { id: rows.length + 1, pdf: null, ...values } as CertificateEntity;
    rows.push(row);
    return row;
  });
  repo.findForRequest.mockImplementation(async (id) => rows.find((r) => r.kind === 'request' && r.requestId === id) ?? null);
  repo.findByCode.mockImplementation(async (code) => rows.find((r) => r.code === code) ?? null);
  // A stored PDF: drawing one is the PDF module's business.
  repo.pdf.mockResolvedValue(Buffer.from('%PDF-1.7 stored'));
  repo.requestSource.mockResolvedValue(source());
  const t = newTestService(CertificatesService, { provide: [[CertificatesRepository, repo]], env: options.env });
  t.mock(FoodCalculationRepository).rule.mockResolvedValue(options.rule ?? FORMULA);
  return { ...t, repo, rows };
}

describe("CertificatesService: a completed request's certificate", () => {
  it('issues it on the first call with the estimate (attendees x multiplier), said to be one, and the meals it equals', async () => {
    const t = setup();
    const file = await t.sut.certificateForRequest(42, { issuedBy: 'huda' });
    expect(t.rows).toHaveLength(1);
    const row = t.rows[0];
    expect(row.figures).toEqual({
      kind: 'request',
      charityName: 'جمعية حفظ النعمة بينبع',
      requestId: 42,
      hostName: 'أسرة الحربي',
      eventTypeLabel: 'حفل زواج',
      eventDate: '2026-11-27',
      attendeeCount: 250,
      placeLabel: 'قاعة الريم',
      foodKg: 125,
      basis: 'estimated',
      rule: { method: 'formula', multiplier: 0.5, manualAmount: 0 },
      meals: 297,
      kgPerMeal: 0.42,
    });
    expect([row.issuedAt, row.issuedBy]).toEqual([TEST_NOW, 'huda']);
    expect(row.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(file).toEqual({ code: row.code, fileName: 'شهادة شكر وتقدير - طلب 42.pdf', pdf: Buffer.from('%PDF-1.7 stored') });
    expect(t.activity.entries).toEqual([
      {
        action: 'certificate_issued',
        entityType: 'certificate',
        entityId: 1,
        metadata: { kind: 'request', requestId: 42, issuedBy: 'huda' },
      },
    ]);
  });

  it('states the weighed kilograms instead of the estimate when the food was weighed', async () => {
    const t = setup();
    t.repo.requestSource.mockResolvedValue(source({ weighedKg: 83.456 }));
    await t.sut.certificateForRequest(42);
    expect(t.rows[0].figures).toEqual(expect.objectContaining({ foodKg: 83.46, basis: 'weighed', rule: null, meals: 198 }));
    expect(t.rows[0].issuedBy).toBeNull();
    expect(t.activity.entries[0].metadata).toEqual({ kind: 'request', requestId: 42, issuedBy: 'host' });
  });

  it('uses the manual amount per completed request when the food calculation is manual', async () => {
    const t = setup({ rule: { method: 'manual', manualAmount: 30, multiplier: 0.5 } });
    await t.sut.certificateForRequest(42);
    expect(t.rows[0].figures).toEqual(expect.objectContaining({ foodKg: 30, basis: 'estimated', meals: 71 }));
  });

  it('answers the same certificate afterwards, however the request or the rule changed since', async () => {
    const t = setup();
    const first = await t.sut.certificateForRequest(42);
    t.repo.requestSource.mockResolvedValue(source({ weighedKg: 500 }));
    const again = await t.sut.certificateForRequest(42);
    expect(again.code).toBe(first.code);
    expect(t.rows).toHaveLength(1);
    expect(t.activity.entries).toHaveLength(1);
  });

  it('answers the certificate another call issued at the same moment, issuing no second one', async () => {
    const t = setup();
    await t.sut.certificateForRequest(42);
    const winner = t.rows[0].code;
    // This call looked before the other's certificate was committed, and finds it only on inserting.
    t.repo.findForRequest.mockResolvedValueOnce(null);
    expect((await t.sut.certificateForRequest(42)).code).toBe(winner);
    expect(t.activity.entries).toHaveLength(1);
  });

  it.each(['confirmed', 'cancelled'])('refuses a %s request with 409 until its pickup is completed, issuing nothing', async (status) => {
    const t = setup();
    t.repo.requestSource.mockResolvedValue(source({ status }));
    const error = await refusal(t.sut.certificateForRequest(42));
    expect([error.status, error.code, error.message]).toEqual([409, 'CERTIFICATE_NOT_READY', 'تصدر شهادة الشكر بعد اكتمال استلام الطلب']);
    expect(t.repo.insert).not.toHaveBeenCalled();
    expect(t.uow.commits).toBe(0);
  });

  it('answers 404 for a request that does not exist', async () => {
    const t = setup();
    t.repo.requestSource.mockResolvedValue(null);
    const error = await refusal(t.sut.certificateForRequest(999));
    expect([error.status, error.message]).toEqual([404, 'الطلب غير موجود']);
    expect(t.repo.insert).not.toHaveBeenCalled();
  });
});

describe("CertificatesService: an important place's certificate", () => {
  const body = { place: 'hall-reem', from: '2026-01-01', to: '2026-06-30' };

  it('sums every completed collection there, weighed and estimated apart, with the verify link on PUBLIC_BASE_URL', async () => {
    const t = setup({ env: { PUBLIC_BASE_URL: 'https://hifz.example.org/' } });
    t.repo.placeLabel.mockResolvedValue('قاعة الريم');
    t.repo.charityName.mockResolvedValue('  ');
    t.repo.placeTotals.mockResolvedValue({ collections: 6, weighedKg: 210.5, weighedCount: 2, estimatedKg: 400.004, estimatedCount: 4 });
    const row = await t.sut.issueForPlace(body, { issuedBy: 'huda', origin: 'http://10.0.0.1:3000' });
    expect(t.repo.placeTotals).toHaveBeenCalledWith('hall-reem', '2026-01-01', '2026-06-30', FORMULA);
    expect(t.rows[0].figures).toEqual({
      kind: 'place',
      charityName: 'جمعية حفظ النعمة بينبع',
      place: 'hall-reem',
      placeLabel: 'قاعة الريم',
      from: '2026-01-01',
      to: '2026-06-30',
      collections: 6,
      foodKg: 610.5,
      weighedKg: 210.5,
      weighedCount: 2,
      estimatedKg: 400,
      estimatedCount: 4,
      rule: { method: 'formula', multiplier: 0.5, manualAmount: 0 },
      meals: 1453,
      kgPerMeal: 0.42,
    });
    expect(row).toEqual(
      expect.objectContaining({
        kind: 'place',
        subject: 'قاعة الريم',
        foodKg: 610.5,
        meals: 1453,
        issuedBy: 'huda',
        verifyUrl: `https://hifz.example.org/v/${row.code}`,
      }),
    );
  });

  it('states no estimate rule when every collection was weighed, and links to the caller when no address is configured', async () => {
    const t = setup();
    t.repo.placeLabel.mockResolvedValue('قاعة الريم');
    t.repo.placeTotals.mockResolvedValue({ collections: 2, weighedKg: 50, weighedCount: 2, estimatedKg: 0, estimatedCount: 0 });
    const row = await t.sut.issueForPlace(body, { origin: 'http://10.0.0.1:3000' });
    expect((t.rows[0].figures as unknown as { rule: unknown }).rule).toBeNull();
    expect(row.verifyUrl).toBe(`http://10.0.0.1:3000/v/${row.code}`);
  });

  it.each([
    ['no place', 400, 'VALIDATION_FAILED', 'يرجى اختيار المكان', { ...body, place: ' ' }],
    ['an impossible start date', 400, 'VALIDATION_FAILED', 'يرجى إدخال تاريخ بداية صحيح', { ...body, from: '2026-02-30' }],
    [
      'an end before the start',
      400,
      'VALIDATION_FAILED',
      'يرجى إدخال تاريخ نهاية صحيح لا يسبق تاريخ البداية',
      { ...body, to: '2025-12-31' },
    ],
    ['a period over two years', 400, 'VALIDATION_FAILED', 'الفترة لا تتجاوز سنتين', { ...body, to: '2028-06-30' }],
    ['an unknown place', 400, 'VALIDATION_FAILED', 'المكان غير موجود في قائمة الأماكن المهمة', body],
    [
      'a period with no completed collection',
      422,
      'NO_COMPLETED_COLLECTIONS',
      'لا توجد عمليات استلام مكتملة لهذا المكان في الفترة المختارة',
      body,
    ],
  ])('refuses %s with %i %s, issuing nothing', async (why, status, code, message, input) => {
    const t = setup();
    t.repo.placeLabel.mockResolvedValue(why === 'an unknown place' ? null : 'قاعة الريم');
    t.repo.placeTotals.mockResolvedValue({ collections: 0, weighedKg: 0, weighedCount: 0, estimatedKg: 0, estimatedCount: 0 });
    const error = await refusal(t.sut.issueForPlace(input, { issuedBy: 'huda' }));
    expect([error.status, error.code, error.message]).toEqual([status, code, message]);
    expect(t.repo.insert).not.toHaveBeenCalled();
    expect(t.activity.entries).toEqual([]);
  });
});

describe('CertificatesService.verify', () => {
  it('shows the figures as issued to anyone with the code, and one 404 text for every unknown code', async () => {
    const t = setup();
    const { code } = await t.sut.certificateForRequest(42);
    const shown = await t.sut.verify(code);
    expect(shown).toEqual({ code, kind: 'request', issuedAt: TEST_NOW.toISOString(), figures: t.rows[0].figures });
    expect((shown.figures as RequestCertificateFigures).foodKg).toBe(125);

    for (const unknown of ['A'.repeat(22), 'short', undefined]) {
      const error = await refusal(t.sut.verify(unknown));
      expect([error.status, error.message]).toEqual([404, 'الشهادة غير موجودة، تأكد من الرابط أو رمز التحقق']);
    }
    // A code of the wrong shape never reaches the database.
    expect(t.repo.findByCode.mock.calls).toEqual([[code], ['A'.repeat(22)]]);
  });
});

describe('CertificatesService.list', () => {
  it('refuses a kind other than request or place with 400, reading nothing', async () => {
    const t = setup();
    const query = { sort: { field: 'issuedAt' as const, order: 'DESC' as const }, skip: 0, take: 25, filter: { kind: 'other' } };
    const error = await refusal(t.sut.list(query));
    expect([error.status, error.code, error.message]).toEqual([400, 'VALIDATION_FAILED', 'معامل التصفية غير صحيح']);
    expect(error.options.errors).toEqual({ filter: 'معامل التصفية غير صحيح' });
    expect(t.repo.page).not.toHaveBeenCalled();
  });
});
