import type { TemplateKey } from '../../../shared/templates';

/**
 * BullMQ priority per template (1 goes first). A login code and a security alert must not wait behind
 * a broadcast under the shared rate limit; a customer's confirmation and status updates come next;
 * replies, acknowledgements and broadcasts last.
 */
const PRIORITY: Readonly<Record<TemplateKey, number>> = {
  verificationCode: 1,
  securityAlert: 1,
  requestConfirmation: 2,
  statusUpdate: 2,
  newRequest: 2,
  // A team may be about to drive out: the host's cancellation goes with the requests' own messages.
  hostCancelled: 2,
  // The pickup itself is under way: the host is waiting at the door, the team needs to know now.
  volunteerOnTheWay: 2,
  volunteerUpdate: 2,
  volunteerLink: 2,
  volunteerAssignment: 2,
  volunteerUnassigned: 2,
  customMessage: 3,
  inquiryReceived: 3,
  autoReply: 3,
};

export function jobPriority(templateKey: string | undefined): number {
  return (templateKey && PRIORITY[templateKey as TemplateKey]) || 3;
}
