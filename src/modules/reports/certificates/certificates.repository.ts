import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { Page } from '../../../common/http/list-query';
import type { CertificateFigures, CertificateKind } from '../../../shared/certificates';
import { CertificateEntity } from '../entities/certificate.entity';
import type { FoodRule } from '../food/food-calculation.repository';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** What a request's certificate is drawn from (one read: the request, its labels and the charity's name). */
export interface RequestSource {
  id: number;
  status: string;
  organizerName: string;
  eventType: string;
  eventTypeLabel: string | null;
  eventDate: string;
  attendeeCount: number;
  locationType: string;
  importantPlace: string | null;
  placeLabel: string | null;
  weighedKg: number | null;
  charityName: string | null;
}

export interface PlaceTotals {
  collections: number;
  weighedKg: number;
  weighedCount: number;
  estimatedKg: number;
  estimatedCount: number;
}

export interface NewCertificate {
  code: string;
  kind: CertificateKind;
  requestId: number | null;
  placeValue: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  figures: CertificateFigures;
  issuedAt: Date;
  issuedBy: string | null;
}

export type CertificateSortField = 'issuedAt';
export type CertificateFilterField = 'kind' | 'id';

const REQUEST_SOURCE = `SELECT r.id, r.status, r.organizer_name AS "organizerName", r.event_type AS "eventType",
         (SELECT label FROM dropdown_options WHERE type = 'eventType' AND value = r.event_type) AS "eventTypeLabel",
         r.event_date::text AS "eventDate", r.attendee_count AS "attendeeCount", r.location_type AS "locationType",
         r.important_place AS "importantPlace",
         (SELECT label FROM dropdown_options WHERE type = 'importantPlace' AND value = r.important_place) AS "placeLabel",
         r.weighed_kg::float8 AS "weighedKg",
         (SELECT value FROM content_settings WHERE key = 'charity_name') AS "charityName"
    FROM requests r WHERE r.id = $1`;

// Completed collections at a place whose event falls in the period (event dates are Riyadh dates);
// each counts its weighed kilograms, else the estimate of the food-calculation rule.
const PLACE_TOTALS = `SELECT count(*)::int AS collections,
         coalesce(sum(weighed_kg), 0)::float8 AS "weighedKg",
         count(weighed_kg)::int AS "weighedCount",
         coalesce(sum(CASE WHEN $4::text = 'manual' THEN $5::numeric ELSE attendee_count * $6::numeric END)
                  FILTER (WHERE weighed_kg IS NULL), 0)::float8 AS "estimatedKg",
         (count(*) - count(weighed_kg))::int AS "estimatedCount"
    FROM requests
   WHERE status = 'completed' AND location_type = 'important_place' AND important_place = $1
     AND event_date BETWEEN $2::date AND $3::date`;

/** certificates, and the reads certificates are drawn from. */
@Injectable()
export class CertificatesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async requestSource(requestId: number): Promise<RequestSource | null> {
    const [row] = (await this.db.query(REQUEST_SOURCE, [requestId])) as RequestSource[];
    return row ?? null;
  }

  async placeLabel(place: string): Promise<string | null> {
    const [row] = (await this.db.query(`SELECT label FROM dropdown_options WHERE type = 'importantPlace' AND value = $1`, [place])) as {
      label: string;
    }[];
    return row?.label ?? null;
  }

  async charityName(): Promise<string | null> {
    const [row] = (await this.db.query(`SELECT value FROM content_settings WHERE key = 'charity_name'`)) as { value: string | null }[];
    return row?.value ?? null;
  }

  async placeTotals(place: string, from: string, to: string, rule: FoodRule): Promise<PlaceTotals> {
    const [row] = (await this.db.query(PLACE_TOTALS, [place, from, to, rule.method, rule.manualAmount, rule.multiplier])) as PlaceTotals[];
    return row;
  }

  /** Inserts a certificate; a request that already has one keeps it (null is answered, nothing changes). */
  async insert(scope: DbScope, values: NewCertificate): Promise<CertificateEntity | null> {
    const manager = managerOf(scope);
    const rows = (await manager.query(
      `INSERT INTO certificates (code, kind, request_id, place_value, period_from, period_to, figures, issued_at, issued_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (request_id) WHERE kind = 'request' DO NOTHING
       RETURNING id`,
      [
        values.code,
        values.kind,
        values.requestId,
        values.placeValue,
        values.periodFrom,
        values.periodTo,
        JSON.stringify(values.figures),
        values.issuedAt,
        values.issuedBy,
      ],
    )) as { id: number }[];
    if (!rows.length) return null;
    return manager.getRepository(CertificateEntity).findOneByOrFail({ id: rows[0].id });
  }

  findByCode(code: string): Promise<CertificateEntity | null> {
    return this.db.getRepository(CertificateEntity).findOne({ where: { code } });
  }

  findById(id: number): Promise<CertificateEntity | null> {
    return this.db.getRepository(CertificateEntity).findOne({ where: { id } });
  }

  findForRequest(requestId: number): Promise<CertificateEntity | null> {
    return this.db.getRepository(CertificateEntity).findOne({ where: { requestId, kind: 'request' } });
  }

  async pdf(id: number): Promise<Buffer | null> {
    const [row] = (await this.db.query(`SELECT pdf FROM certificates WHERE id = $1`, [id])) as { pdf: Buffer | null }[];
    return row?.pdf ?? null;
  }

  /** Stores the drawn PDF unless another call stored it first (both drew the same figures). */
  async storePdf(id: number, pdf: Buffer): Promise<void> {
    await this.db.query(`UPDATE certificates SET pdf = $2 WHERE id = $1 AND pdf IS NULL`, [id, pdf]);
  }

  async page(skip: number, take: number, order: 'ASC' | 'DESC', kind?: CertificateKind, ids?: number[]): Promise<Page<CertificateEntity>> {
    const [rows, total] = await this.db.getRepository(CertificateEntity).findAndCount({
      where: { ...(kind ? { kind } : {}), ...(ids ? { id: In(ids) } : {}) },
      order: { issuedAt: order, id: order },
      skip,
      take,
    });
    return { rows, total };
  }
}
