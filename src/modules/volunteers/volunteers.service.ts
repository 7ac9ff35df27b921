import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { AdminPrincipal } from '../../common/auth/current-admin.decorator';
import { Clock } from '../../common/clock/clock';
import { DomainException } from '../../common/errors/domain.exception';
import type { RequestMeta } from '../../common/http/request-meta';
import { ActivityLogService } from '../../database/activity-log/activity-log.service';
import { UnitOfWork, type Tx } from '../../database/unit-of-work';
import type { VolunteerRow } from '../../shared/api/volunteers';
import { addMonthsToDateString, riyadhInstant, riyadhMonthString } from '../../shared/time';
import { checkVolunteer, firstNameOf, VOLUNTEER_CONSENT_TEXT, VOLUNTEER_MESSAGES, type VolunteerFields } from '../../shared/volunteer';
import { ConsentRepository } from '../messaging/consent/consent.repository';
import { siteBase } from '../messaging/templates/template-registry';
import { VolunteerLinks } from './page/volunteer-links';
import { VolunteerErrors } from './volunteers-errors';
import { VolunteersRepository, type MonthWindow, type VolunteerSearch, type VolunteerSort } from './volunteers.repository';

const NOT_FOUND = 'المتطوع غير موجود';
const NEW_LINK_SENT = 'أُرسل الرابط الجديد إلى المتطوع على واتساب، وتوقف رابطه السابق';

/** A number is registered only with the volunteer's consent, confirmed by the administrator (`consent: true`). */
const consentGiven = (input: unknown) => (input as { consent?: unknown } | null)?.consent === true;

function requireConsent(input: unknown): void {
  if (!consentGiven(input)) throw DomainException.validation({ consent: VOLUNTEER_MESSAGES.consent });
}

export interface VolunteerListQuery {
  search: VolunteerSearch;
  sort: { field: VolunteerSort; order: 'ASC' | 'DESC' };
  skip: number;
  take: number;
}

/**
 * The charity's volunteers and drivers (decisions.md, wave 4): added with their WhatsApp opt-in on
 * record, edited, deactivated — and deleted only when no request ever named them.
 */
@Injectable()
export class VolunteersService {
  constructor(
    private readonly repo: VolunteersRepository,
    private readonly uow: UnitOfWork,
    private readonly consent: ConsentRepository,
    private readonly activity: ActivityLogService,
    private readonly clock: Clock,
    private readonly links: VolunteerLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** This Riyadh month so far, as instants: what the list's figures count. */
  private month(): MonthWindow {
    const first = `${riyadhMonthString(this.clock.now())}-01`;
    return { from: riyadhInstant(first), to: riyadhInstant(addMonthsToDateString(first, 1)) };
  }

  list(query: VolunteerListQuery) {
    return this.repo.page(query.search, query.sort, query.skip, query.take, this.month());
  }

  async one(id: number): Promise<VolunteerRow> {
    const row = await this.repo.find(id, this.month());
    if (!row) throw DomainException.notFound(NOT_FOUND);
    return row;
  }

  private async checked(input: unknown, partial: boolean): Promise<Partial<VolunteerFields>> {
    const body = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
    const result = checkVolunteer(body, await this.repo.areaValues(), partial);
    if (!result.ok) throw DomainException.validation(result.errors as Record<string, string>);
    return result.value;
  }

  /** Their opt-in, as the administrator confirmed it on the form on their behalf (decisions.md). */
  private recordOptIn(tx: Tx, whatsapp: string, admin: AdminPrincipal | undefined, meta: RequestMeta) {
    return this.consent.record(tx, {
      phone: whatsapp,
      method: 'volunteer_registration',
      text: `${VOLUNTEER_CONSENT_TEXT} (سجّلها: ${admin?.username ?? 'النظام'})`,
      at: this.clock.now(),
      ip: meta.ip,
      userAgent: meta.userAgent,
      requestId: null,
    });
  }

  /** POST /api/admin/volunteers: answers the record (react-admin's create). */
  async create(input: unknown, admin: AdminPrincipal | undefined, meta: RequestMeta): Promise<VolunteerRow> {
    const fields = (await this.checked(input, false)) as VolunteerFields;
    requireConsent(input);
    const id = await this.uow.run(async (tx) => {
      const { token: _token, ...link } = this.links.issue();
      const created = await this.repo.insert(tx, fields, link);
      if (created === null) throw DomainException.validation({ whatsapp: VOLUNTEER_MESSAGES.whatsappTaken });
      await this.recordOptIn(tx, fields.whatsapp, admin, meta);
      await this.activity.record(tx, {
        action: 'volunteer_created',
        entityType: 'volunteer',
        entityId: created,
        userId: admin?.userId,
        metadata: { name: fields.name },
      });
      return created;
    });
    return this.one(id);
  }

  /** PUT /api/admin/volunteers/{id}: the fields given change; a new number records its opt-in. */
  async update(id: number, input: unknown, admin: AdminPrincipal | undefined, meta: RequestMeta): Promise<VolunteerRow> {
    const changes = await this.checked(input, true);
    await this.uow.run(async (tx) => {
      const before = await this.repo.update(tx, id, changes);
      if (before === 'missing') throw DomainException.notFound(NOT_FOUND);
      if (before === 'whatsapp_taken') throw DomainException.validation({ whatsapp: VOLUNTEER_MESSAGES.whatsappTaken });
      const changed = (Object.keys(changes) as (keyof VolunteerFields)[]).filter(
        (field) => JSON.stringify(changes[field]) !== JSON.stringify(before[field]),
      );
      if (changes.whatsapp && changed.includes('whatsapp')) {
        requireConsent(input);
        await this.recordOptIn(tx, changes.whatsapp, admin, meta);
      } else if (consentGiven(input)) {
        // Their consent confirmed later (a volunteer added without it, or after a STOP they took back).
        await this.recordOptIn(tx, before.whatsapp, admin, meta);
      }
      if (changed.includes('active'))
        await this.activity.record(tx, {
          action: changes.active ? 'volunteer_activated' : 'volunteer_deactivated',
          entityType: 'volunteer',
          entityId: id,
          userId: admin?.userId,
          metadata: { name: changes.name ?? before.name },
        });
      const others = changed.filter((field) => field !== 'active');
      if (others.length)
        await this.activity.record(tx, {
          action: 'volunteer_updated',
          entityType: 'volunteer',
          entityId: id,
          userId: admin?.userId,
          metadata: { fields: others },
        });
    });
    return this.one(id);
  }

  /**
   * POST /api/admin/volunteers/{id}/new-link («رابط جديد»): a new link replaces theirs (the old one
   * answers 404 at once) and goes to them on WhatsApp (volunteerLink) with the change; answers the link,
   * for the administrator to pass on by hand too.
   */
  async newLink(id: number, admin: AdminPrincipal | undefined): Promise<{ url: string; message: string }> {
    const { token, ...link } = this.links.issue();
    await this.uow.run(async (tx) => {
      const volunteer = await this.repo.replaceLink(tx, id, link, this.clock.now());
      if (!volunteer) throw DomainException.notFound(NOT_FOUND);
      if (!volunteer.active) throw VolunteerErrors.VOLUNTEER_INACTIVE();
      await this.activity.record(tx, {
        action: 'volunteer_link_replaced',
        entityType: 'volunteer',
        entityId: id,
        userId: admin?.userId,
        metadata: { name: volunteer.name },
      });
      await tx.send({
        templateKey: 'volunteerLink',
        // Their consent is the one recorded with their number (a STOP stops this too).
        recipients: [{ whatsapp: volunteer.whatsapp, role: 'customer' }],
        variables: { volunteerName: firstNameOf(volunteer.name) },
        secretVariables: { volunteerToken: token },
        reason: 'volunteer_link',
        subject: { type: 'volunteer', id },
      });
    });
    return { url: `${siteBase(this.config)}/t/${token}`, message: NEW_LINK_SENT };
  }

  /** DELETE /api/admin/volunteers/{id}: only one no request ever named; answers the removed record. */
  async remove(id: number, admin: AdminPrincipal | undefined): Promise<{ id: number; name: string }> {
    const removed = await this.uow.run(async (tx) => {
      const row = await this.repo.delete(tx, id);
      if (row === 'missing') throw DomainException.notFound(NOT_FOUND);
      if (row === 'has_history') throw VolunteerErrors.VOLUNTEER_HAS_HISTORY();
      await this.activity.record(tx, {
        action: 'volunteer_deleted',
        entityType: 'volunteer',
        entityId: id,
        userId: admin?.userId,
        metadata: { name: row.name },
      });
      return row;
    });
    return { id, name: removed.name };
  }
}
