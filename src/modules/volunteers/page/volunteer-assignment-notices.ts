import { Injectable } from '@nestjs/common';
import type { Tx } from '../../../database/unit-of-work';
import { formatDateWithHijri } from '../../../shared/arabic-date';
import { eventTypeLabel } from '../../../shared/labels';
import { mapsLink } from '../../../shared/pickups';
import { requestLocation, requestLocationText } from '../../../shared/request-location';
import { riyadhDateString, riyadhTimeString } from '../../../shared/time';
import { firstNameOf } from '../../../shared/volunteer';
import type { AssignedVolunteer, AssignmentNotices } from '../../requests/admin/assignment-notices';
import { VolunteersRepository } from '../volunteers.repository';
import { VolunteerLinks } from './volunteer-links';
import { VolunteerPageRepository, type VolunteerPickupRow } from './volunteer-page.repository';

const NONE = '—';

/** A template variable on one line (WhatsApp refuses new lines and empty values in a variable). */
const oneLine = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() || NONE;

/** The collection deadline as the driver reads it: Riyadh time, saying so when it falls after midnight. */
function deadlineText(row: VolunteerPickupRow): string {
  const deadline = new Date(row.deadline);
  const time = riyadhTimeString(deadline);
  return riyadhDateString(deadline) === row.eventDate ? time : `${time} (بعد منتصف الليل)`;
}

/**
 * The volunteers' side of an assignment (decisions.md, wave 4): the newly assigned volunteer gets
 * `volunteerAssignment` with everything the road needs and a button to their own page; the one it was
 * taken from gets `volunteerUnassigned`. Written in the assignment's transaction, so a crash between the
 * two loses nothing and sends nothing twice. The host is not told who drives until the volunteer sets out.
 */
@Injectable()
export class VolunteerAssignmentNotices implements AssignmentNotices {
  constructor(
    private readonly volunteers: VolunteersRepository,
    private readonly pickups: VolunteerPageRepository,
    private readonly links: VolunteerLinks,
  ) {}

  async changed(tx: Tx, requestId: number, change: { previous: AssignedVolunteer | null; next: AssignedVolunteer | null }): Promise<void> {
    const row = await this.pickups.pickup(requestId, tx);
    const event = { eventTypeLabel: row.eventTypeLabel ?? eventTypeLabel(row.eventType), eventDate: formatDateWithHijri(row.eventDate) };
    if (change.previous) {
      const previous = await this.volunteers.contactOf(tx, change.previous.id);
      if (previous)
        await tx.send({
          templateKey: 'volunteerUnassigned',
          recipients: [{ whatsapp: previous.whatsapp, role: 'customer' }],
          variables: { volunteerName: firstNameOf(previous.name), requestNumber: requestId, ...event },
          reason: 'volunteer_unassigned',
          subject: { type: 'request', id: requestId },
        });
    }
    if (!change.next) return;
    const next = await this.volunteers.contactOf(tx, change.next.id);
    if (!next) return;
    // A volunteer from before links existed gets theirs now (kept, so later messages carry the same one).
    let salt = next.linkSalt;
    if (!salt) {
      const { token: _token, ...link } = this.links.issue();
      await this.volunteers.storeLink(tx, change.next.id, link);
      salt = link.linkSalt;
    }
    const { place, address } = requestLocation(row);
    await tx.send({
      templateKey: 'volunteerAssignment',
      recipients: [{ whatsapp: next.whatsapp, role: 'customer' }],
      variables: {
        volunteerName: firstNameOf(next.name),
        requestNumber: requestId,
        ...event,
        deadline: deadlineText(row),
        place: oneLine(requestLocationText(row)),
        mapsUrl: mapsLink({ latitude: row.latitude, longitude: row.longitude }, address ?? place),
        attendeeCount: row.attendeeCount,
        foodTypes: oneLine(row.foodTypeLabels.join('، ')),
        hostName: oneLine(firstNameOf(row.organizerName)),
        hostPhone: row.organizerPhone,
        hostNotes: oneLine(row.additionalNotes),
      },
      secretVariables: { volunteerToken: this.links.tokenOf(salt) },
      reason: 'volunteer_assigned',
      subject: { type: 'request', id: requestId },
    });
  }
}
