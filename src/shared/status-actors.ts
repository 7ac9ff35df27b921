// Who changed a request's status, in words: the desk shows who cancelled (an administrator or the host).
import type { StatusActorType } from './api/requests';

export const STATUS_ACTOR_LABELS: Readonly<Record<StatusActorType, string>> = {
  admin: 'مشرف',
  host: 'صاحب الطلب',
  system: 'النظام',
  volunteer: 'المتطوع',
};

/** The desk's words for a history row's actor: the administrator's username, the volunteer's name, «صاحب الطلب», or «النظام». */
export function statusActorLabel(entry: { actorType: StatusActorType; actorUsername: string | null }): string {
  if (entry.actorType === 'admin' && entry.actorUsername) return entry.actorUsername;
  if (entry.actorType === 'volunteer' && entry.actorUsername) return `${STATUS_ACTOR_LABELS.volunteer} ${entry.actorUsername}`;
  return STATUS_ACTOR_LABELS[entry.actorType] ?? entry.actorType;
}

/** The host's page names no administrator: a change by any of them is the charity's. */
export const HOST_PAGE_ACTOR_LABELS: Readonly<Record<StatusActorType, string>> = {
  admin: 'فريق الجمعية',
  host: 'صاحب الطلب',
  system: 'النظام',
  volunteer: 'متطوع الجمعية',
};
