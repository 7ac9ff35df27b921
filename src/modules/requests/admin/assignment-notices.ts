import type { Tx } from '../../../database/unit-of-work';

/** One volunteer on either side of an assignment. */
export interface AssignedVolunteer {
  id: number;
  name: string;
}

/**
 * What a volunteer is told when a pickup is assigned to them or taken from them, written in the
 * assignment's own transaction. Owned by requests, provided by the volunteers module (which reads
 * their numbers and page links): volunteers already depends on requests, so requests names only this
 * token and never imports the volunteers module (no import cycle).
 */
export interface AssignmentNotices {
  changed(tx: Tx, requestId: number, change: { previous: AssignedVolunteer | null; next: AssignedVolunteer | null }): Promise<void>;
}

export const ASSIGNMENT_NOTICES = Symbol('AssignmentNotices');
