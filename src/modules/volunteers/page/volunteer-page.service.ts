import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { OutboxRecipient } from '../../../database/outbox-message';
import { UnitOfWork, type Tx } from '../../../database/unit-of-work';
import type { CollectedInput, NotCollectedInput, VolunteerPage, VolunteerPickup } from '../../../shared/api/volunteers';
import { formatDateWithHijri } from '../../../shared/arabic-date';
import { eventTypeLabel, requestStatusLabel } from '../../../shared/labels';
import { mapsLink } from '../../../shared/pickups';
import { requestLocation, requestLocationText } from '../../../shared/request-location';
import { addDaysToDateString, riyadhDateString } from '../../../shared/time';
import {
  COLLECTION_CHECKS,
  firstNameOf,
  isNotCollectedReason,
  NOT_COLLECTED_REASON_LABELS,
  VOLUNTEER_PAGE_MESSAGES,
  type CollectionChecks,
} from '../../../shared/volunteer';
import { weighedKgError } from '../../../shared/weighed-kg';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import { RequestStatusRepository } from '../../requests/request-status.repository';
import { RequestStatusService } from '../../requests/request-status.service';
import type { RequestEntity } from '../../requests/entities/request.entity';
import { VolunteerPageErrors } from './volunteer-page-errors';
import { VolunteerLinks } from './volunteer-links';
import { VolunteerPageRepository, type LinkedVolunteer, type PickupProgress, type VolunteerPickupRow } from './volunteer-page.repository';

const OPEN_STATUSES = new Set(['received', 'reviewing', 'confirmed']);

/**
 * The volunteer's own page (decisions.md, wave 4): the link is the key. Their pickups, and the three
 * actions, each on the request's locked row so two presses (or two phones) make one change: «في الطريق»
 * tells the host the volunteer's first name; «تم الاستلام» completes the request with the weighed
 * kilograms (the host gets the usual status update); «لم يتم الاستلام» cancels it with the reason and
 * tells every administrator. Only the assigned volunteer may act; a repeat answers as the first.
 */
@Injectable()
export class VolunteerPageService {
  constructor(
    private readonly repo: VolunteerPageRepository,
    private readonly links: VolunteerLinks,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly statuses: RequestStatusService,
    private readonly requests: RequestStatusRepository,
    private readonly adminNumbers: AdminNumbersService,
  ) {}

  /** GET /api/volunteer/:token: their pickups from yesterday (Riyadh) on, by deadline. */
  async page(token: unknown): Promise<VolunteerPage> {
    const volunteer = await this.volunteerOf(token);
    const yesterday = addDaysToDateString(riyadhDateString(this.clock.now()), -1);
    const [rows, charityPhone] = await Promise.all([this.repo.pickups(volunteer.id, yesterday), this.repo.charityPhone()]);
    return { firstName: firstNameOf(volunteer.name), pickups: rows.map(toPickup), charityPhone };
  }

  /** POST …/on-the-way: the host is told once; a repeat answers as the first. */
  onTheWay(token: unknown, requestId: number): Promise<VolunteerPickup> {
    return this.act(token, requestId, async (tx, volunteer, request, progress) => {
      if (progress.onTheWayAt || progress.collectedAt) return;
      refuseClosed(request);
      await this.repo.setOnTheWay(tx, requestId, volunteer.id, this.clock.now());
      await this.statuses.tellHostOnTheWay(tx, request, firstNameOf(volunteer.name));
    });
  }

  /** POST …/collected: the request completed with the weighed kilograms and the food-safety checks. */
  async collected(token: unknown, requestId: number, input: unknown, meta: RequestMeta): Promise<VolunteerPickup> {
    const body = checkedCollection(input);
    return this.act(token, requestId, async (tx, volunteer, request, progress) => {
      if (progress.collectedAt) return;
      refuseClosed(request);
      await this.repo.setCollected(tx, requestId, volunteer.id, this.clock.now(), body.weighedKg, body.checks);
      await this.statuses.apply(tx, request, { status: 'completed', weighedKg: body.weighedKg }, { type: 'volunteer', volunteer, meta });
    });
  }

  /** POST …/not-collected: cancelled with the reason (and note); every administrator is told. */
  async notCollected(token: unknown, requestId: number, input: unknown, meta: RequestMeta): Promise<VolunteerPickup> {
    const body = checkedNotCollected(input);
    // Read before the row lock is taken: inside it, a second connection from the pool could starve.
    const admins = await this.adminNumbers.recipients();
    return this.act(token, requestId, async (tx, volunteer, request, progress) => {
      if (progress.notCollectedAt) return;
      refuseClosed(request);
      const reason = NOT_COLLECTED_REASON_LABELS[body.reason];
      await this.repo.setNotCollected(tx, requestId, volunteer.id, this.clock.now(), body.reason, body.note);
      await this.statuses.apply(
        tx,
        request,
        { status: 'cancelled', cancellationReason: `لم يتم الاستلام: ${reason}${body.note ? ` (${body.note})` : ''}` },
        { type: 'volunteer', volunteer, meta },
      );
      await this.tellAdministrators(tx, admins, volunteer, requestId, body.note ? `${reason}: ${body.note}` : reason);
    });
  }

  /** The active volunteer a link opens; anything else is the same 404 (no statement for text that is no token). */
  private async volunteerOf(token: unknown): Promise<LinkedVolunteer> {
    const hash = this.links.hashOf(token);
    const volunteer = hash ? await this.repo.byLinkHash(hash) : null;
    if (!volunteer) throw VolunteerPageErrors.LINK_NOT_FOUND();
    return volunteer;
  }

  /** One action on a pickup: the link's volunteer, the request locked, theirs only, then the pickup as it now stands. */
  private async act(
    token: unknown,
    requestId: number,
    change: (tx: Tx, volunteer: LinkedVolunteer, request: RequestEntity, progress: PickupProgress) => Promise<void>,
  ): Promise<VolunteerPickup> {
    const volunteer = await this.volunteerOf(token);
    const row = await this.uow.run(async (tx) => {
      const request = await this.requests.lock(tx, requestId);
      if (!request || request.volunteerId !== volunteer.id) throw VolunteerPageErrors.NOT_YOUR_PICKUP();
      const progress = await this.repo.lockProgress(tx, requestId, volunteer.id);
      await change(tx, volunteer, request, progress);
      return this.repo.pickup(requestId, tx);
    });
    return toPickup(row);
  }

  private async tellAdministrators(
    tx: Tx,
    admins: OutboxRecipient[],
    volunteer: LinkedVolunteer,
    requestId: number,
    reason: string,
  ): Promise<void> {
    if (!admins.length) return;
    const row = await this.repo.pickup(requestId, tx);
    await tx.send({
      templateKey: 'volunteerUpdate',
      recipients: admins,
      variables: {
        volunteerName: volunteer.name,
        requestNumber: requestId,
        eventTypeLabel: row.eventTypeLabel ?? eventTypeLabel(row.eventType),
        eventDate: formatDateWithHijri(row.eventDate),
        place: requestLocationText(row),
        reason,
      },
      reason: 'volunteer_not_collected',
      subject: { type: 'request', id: requestId },
    });
  }
}

/** A pickup completed or cancelled by anyone else takes no action (409). */
function refuseClosed(request: RequestEntity): void {
  if (!OPEN_STATUSES.has(request.fields.status)) throw VolunteerPageErrors.PICKUP_CLOSED();
}

function checkedCollection(input: unknown): CollectedInput {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const kgError = weighedKgError(body.weighedKg);
  if (kgError) errors.weighedKg = kgError;
  const checks = body.checks as Record<string, unknown> | undefined;
  if (!checks || typeof checks !== 'object' || !COLLECTION_CHECKS.every((c) => typeof checks[c] === 'boolean'))
    errors.checks = VOLUNTEER_PAGE_MESSAGES.checks;
  if (Object.keys(errors).length) throw DomainException.validation(errors);
  const picked = Object.fromEntries(COLLECTION_CHECKS.map((c) => [c, checks![c]])) as CollectionChecks;
  return { weighedKg: body.weighedKg as number, checks: picked };
}

function checkedNotCollected(input: unknown): { reason: NotCollectedInput['reason']; note: string | null } {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (!isNotCollectedReason(body.reason)) errors.reason = VOLUNTEER_PAGE_MESSAGES.reason;
  const note = typeof body.note === 'string' ? body.note.replace(/\s+/g, ' ').trim() : '';
  if ((body.note !== undefined && body.note !== null && typeof body.note !== 'string') || [...note].length > 500)
    errors.note = VOLUNTEER_PAGE_MESSAGES.noteTooLong;
  if (Object.keys(errors).length) throw DomainException.validation(errors);
  return { reason: body.reason as NotCollectedInput['reason'], note: note || null };
}

/** The page's view of one assigned request. */
export function toPickup(row: VolunteerPickupRow): VolunteerPickup {
  const { place, address } = requestLocation(row);
  const open = OPEN_STATUSES.has(row.status);
  return {
    requestId: row.id,
    status: row.status,
    statusLabel: requestStatusLabel(row.status),
    step: !open ? 'done' : row.onTheWayAt ? 'collect' : 'set_out',
    eventTypeLabel: row.eventTypeLabel ?? eventTypeLabel(row.eventType),
    eventDate: row.eventDate,
    eventDateText: formatDateWithHijri(row.eventDate),
    endTime: row.endTime,
    deadline: new Date(row.deadline).toISOString(),
    place,
    address,
    landmarks: row.landmarks,
    mapsUrl: mapsLink({ latitude: row.latitude, longitude: row.longitude }, address ?? place),
    attendeeCount: row.attendeeCount,
    foodTypeLabels: row.foodTypeLabels,
    hostFirstName: firstNameOf(row.organizerName),
    hostPhone: row.organizerPhone,
    hostNotes: row.additionalNotes,
    onTheWayAt: row.onTheWayAt ? new Date(row.onTheWayAt).toISOString() : null,
    collectedAt: row.collectedAt ? new Date(row.collectedAt).toISOString() : null,
    weighedKg: row.weighedKg,
    notCollectedReason: row.notCollectedReason,
  };
}
