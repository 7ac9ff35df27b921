import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { defineErrors } from '../../../common/errors/define-errors';
import { DomainException } from '../../../common/errors/domain.exception';
import { idsFilter, LIST_QUERY_MESSAGES, type ListQuery } from '../../../common/http/list-query';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { CertificateRow, CertificateVerification } from '../../../shared/api/certificates';
import {
  CERTIFICATE_CODE_BYTES,
  CERTIFICATE_CODE_SHAPE,
  CERTIFICATE_NOT_FOUND,
  CERTIFICATE_TITLE,
  checkPlaceCertificate,
  mealsOf,
  verifyPath,
  type CertificateFigures,
  type CertificateKind,
  type EstimateRule,
  type PlaceCertificateFigures,
  type RequestCertificateFigures,
} from '../../../shared/certificates';
import { KG_PER_MEAL } from '../../../shared/constants';
import { eventTypeLabel } from '../../../shared/labels';
import { safeFileName } from '../../../shared/files';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import type { CertificateEntity } from '../entities/certificate.entity';
import { FoodCalculationRepository, type FoodRule } from '../food/food-calculation.repository';
import { renderCertificatePdf } from './certificate-pdf';
import {
  CertificatesRepository,
  type CertificateFilterField,
  type CertificateSortField,
  type RequestSource,
} from './certificates.repository';
import { UnitOfWork } from '../../../database/unit-of-work';

export const CertificateErrors = defineErrors({
  CERTIFICATE_NOT_READY: { status: 409, message: 'تصدر شهادة الشكر بعد اكتمال استلام الطلب' },
  NO_COMPLETED_COLLECTIONS: { status: 422, message: 'لا توجد عمليات استلام مكتملة لهذا المكان في الفترة المختارة' },
});

const DEFAULT_CHARITY_NAME = 'جمعية حفظ النعمة بينبع';
const CERTIFICATE_ID_MESSAGE = 'رقم الشهادة غير صحيح';
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Who issues a certificate and the address the visitor used (when PUBLIC_BASE_URL is not set). */
export interface IssueContext {
  /** The administrator's username; null for the host's own page. */
  issuedBy?: string | null;
  origin?: string;
}

export interface CertificateFile {
  code: string;
  fileName: string;
  pdf: Buffer;
}

/**
 * Thank-you certificates (decisions.md): a completed request's, issued on the first call and the same
 * afterwards, and an important place's over a period. The figures are a snapshot taken at issue; the PDF
 * is drawn once from them and stored; anyone with the code verifies the same figures at /v/{code}.
 */
@Injectable()
export class CertificatesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: CertificatesRepository,
    private readonly food: FoodCalculationRepository,
    private readonly activity: ActivityLogService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The certificate of a completed request as a PDF (issued now if it has none yet). The host's page
   * (`GET /api/self-service/{token}/certificate`) calls this with the request its token names.
   */
  async certificateForRequest(requestId: number, context: IssueContext = {}): Promise<CertificateFile> {
    const row = (await this.repo.findForRequest(requestId)) ?? (await this.issueForRequest(requestId, context));
    return this.fileOf(row, context.origin);
  }

  /** POST /api/admin/certificates: every completed collection at a place whose event falls in the period. */
  async issueForPlace(input: Record<string, unknown>, context: IssueContext): Promise<CertificateRow> {
    const checked = checkPlaceCertificate(input ?? {});
    if ('errors' in checked) throw DomainException.validation(checked.errors as Record<string, string>, Object.values(checked.errors)[0]);
    const { place, from, to } = checked.value;
    const placeLabel = await this.repo.placeLabel(place);
    if (placeLabel === null) throw DomainException.validation({ place: 'المكان غير موجود في قائمة الأماكن المهمة' });
    const rule = await this.food.rule();
    const [totals, charityName] = await Promise.all([this.repo.placeTotals(place, from, to, rule), this.repo.charityName()]);
    if (!totals.collections) throw CertificateErrors.NO_COMPLETED_COLLECTIONS();
    const foodKg = round2(totals.weighedKg + totals.estimatedKg);
    const figures: PlaceCertificateFigures = {
      kind: 'place',
      charityName: charityName?.trim() || DEFAULT_CHARITY_NAME,
      place,
      placeLabel,
      from,
      to,
      collections: totals.collections,
      foodKg,
      weighedKg: round2(totals.weighedKg),
      weighedCount: totals.weighedCount,
      estimatedKg: round2(totals.estimatedKg),
      estimatedCount: totals.estimatedCount,
      rule: totals.estimatedCount ? estimateRule(rule) : null,
      meals: mealsOf(foodKg),
      kgPerMeal: KG_PER_MEAL,
    };
    const row = await this.insert({ kind: 'place', requestId: null, placeValue: place, periodFrom: from, periodTo: to, figures }, context);
    if (!row) throw new Error('a place certificate was not inserted');
    return this.toRow(row, context.origin);
  }

  /** GET /api/verify/{code}: the figures as issued; every unknown code gets the same 404. */
  async verify(code: unknown): Promise<CertificateVerification> {
    const row = typeof code === 'string' && CERTIFICATE_CODE_SHAPE.test(code) ? await this.repo.findByCode(code) : null;
    if (!row) throw DomainException.notFound(CERTIFICATE_NOT_FOUND);
    return { code: row.code, kind: row.kind, issuedAt: row.issuedAt.toISOString(), figures: row.figures };
  }

  /** GET /api/admin/certificates: newest first by default; `kind` filters request or place certificates. */
  async list(query: ListQuery<CertificateSortField, CertificateFilterField>, origin?: string) {
    const kind = query.filter.kind;
    if (kind !== undefined && kind !== 'request' && kind !== 'place')
      throw DomainException.validation({ filter: LIST_QUERY_MESSAGES.filter }, LIST_QUERY_MESSAGES.filter);
    const ids = idsFilter(query.filter.id, CERTIFICATE_ID_MESSAGE);
    const page = await this.repo.page(query.skip, query.take, query.sort.order, kind as CertificateKind | undefined, ids);
    return { rows: page.rows.map((row) => this.toRow(row, origin)), total: page.total };
  }

  /** One certificate as the list shows it (react-admin's getOne). */
  async one(id: number, origin?: string) {
    const row = await this.repo.findById(id);
    if (!row) throw DomainException.notFound('الشهادة غير موجودة');
    return this.toRow(row, origin);
  }

  async adminPdf(id: number, origin?: string): Promise<CertificateFile> {
    const row = await this.repo.findById(id);
    if (!row) throw DomainException.notFound('الشهادة غير موجودة');
    return this.fileOf(row, origin);
  }

  private async issueForRequest(requestId: number, context: IssueContext): Promise<CertificateEntity> {
    const source = await this.repo.requestSource(requestId);
    if (!source) throw DomainException.notFound('الطلب غير موجود');
    if (source.status !== 'completed') throw CertificateErrors.CERTIFICATE_NOT_READY();
    const figures = requestFigures(source, await this.food.rule());
    const row = await this.insert({ kind: 'request', requestId, placeValue: null, periodFrom: null, periodTo: null, figures }, context);
    // Two first calls at once: the one that lost answers the certificate the other issued.
    return row ?? (await this.repo.findForRequest(requestId))!;
  }

  private insert(
    subject: Pick<CertificateEntity, 'kind' | 'requestId' | 'placeValue' | 'periodFrom' | 'periodTo' | 'figures'>,
    context: IssueContext,
  ): Promise<CertificateEntity | null> {
    return this.uow.run(async (tx) => {
      const row = await this.repo.insert(tx, {
        ...subject,
        code: randomBytes(CERTIFICATE_CODE_BYTES).toString('base64url'),
        issuedAt: this.clock.now(),
        issuedBy: context.issuedBy ?? null,
      });
      if (row)
        await this.activity.record(tx, {
          action: 'certificate_issued',
          entityType: 'certificate',
          entityId: row.id,
          metadata: {
            kind: row.kind,
            ...(row.requestId !== null ? { requestId: row.requestId } : { place: row.placeValue, from: row.periodFrom, to: row.periodTo }),
            issuedBy: row.issuedBy ?? 'host',
          },
        });
      return row;
    });
  }

  /** The stored PDF, drawn and stored on first use. */
  private async fileOf(row: CertificateEntity, origin?: string): Promise<CertificateFile> {
    let pdf = await this.repo.pdf(row.id);
    if (!pdf) {
      pdf = await renderCertificatePdf({
        code: row.code,
        issuedAt: row.issuedAt,
        figures: row.figures,
        verifyUrl: this.verifyUrl(row.code, origin),
      });
      await this.repo.storePdf(row.id, pdf);
    }
    return { code: row.code, fileName: certificateFileName(row.figures), pdf };
  }

  private verifyUrl(code: string, origin?: string): string {
    // The configured address wins; the caller's is only used where none is configured (development).
    return `${this.config.whatsapp.publicBaseUrl ?? origin ?? `http://localhost:${this.config.port}`}${verifyPath(code)}`;
  }

  private toRow(row: CertificateEntity, origin?: string): CertificateRow {
    const f = row.figures;
    return {
      id: row.id,
      code: row.code,
      kind: row.kind,
      requestId: row.requestId,
      placeValue: row.placeValue,
      periodFrom: row.periodFrom,
      periodTo: row.periodTo,
      subject: f.kind === 'request' ? f.hostName : f.placeLabel,
      foodKg: f.foodKg,
      meals: f.meals,
      issuedAt: row.issuedAt.toISOString(),
      issuedBy: row.issuedBy,
      verifyUrl: this.verifyUrl(row.code, origin),
    };
  }
}

function estimateRule(rule: FoodRule): EstimateRule {
  return { method: rule.method, multiplier: rule.multiplier, manualAmount: rule.manualAmount };
}

/** A completed request's figures: weighed kilograms when recorded, else the estimate of today's rule. */
function requestFigures(source: RequestSource, rule: FoodRule): RequestCertificateFigures {
  const weighed = source.weighedKg !== null;
  const foodKg = round2(
    weighed ? source.weighedKg! : rule.method === 'manual' ? rule.manualAmount : source.attendeeCount * rule.multiplier,
  );
  return {
    kind: 'request',
    charityName: source.charityName?.trim() || DEFAULT_CHARITY_NAME,
    requestId: source.id,
    hostName: source.organizerName,
    eventTypeLabel: source.eventTypeLabel ?? eventTypeLabel(source.eventType),
    eventDate: source.eventDate,
    attendeeCount: source.attendeeCount,
    placeLabel: source.locationType === 'important_place' && source.importantPlace ? (source.placeLabel ?? source.importantPlace) : null,
    foodKg,
    basis: weighed ? 'weighed' : 'estimated',
    rule: weighed ? null : estimateRule(rule),
    meals: mealsOf(foodKg),
    kgPerMeal: KG_PER_MEAL,
  };
}

function certificateFileName(figures: CertificateFigures): string {
  const who = figures.kind === 'request' ? `طلب ${figures.requestId}` : `${figures.placeLabel} ${figures.from} - ${figures.to}`;
  return safeFileName(`${CERTIFICATE_TITLE} - ${who}`, 'pdf');
}
