import { RIYADH_TIME_ZONE } from '../../shared/time';
import { COLLECTION_WINDOW_HOURS } from '../../shared/self-service';

// The event's end and the collection deadline in SQL, from the same constants as the TypeScript rule
// (src/shared/self-service.ts: eventEnd, collectionDeadline), so the desk, the pickups screen and the
// host's page cannot disagree about them.

/** The event's end as a timestamptz: its date and end time in Riyadh. */
export const eventEndSql = (r = 'r') => `((${r}.event_date + ${r}.end_time::time) AT TIME ZONE '${RIYADH_TIME_ZONE}')`;

/** The collection deadline: the event's end + COLLECTION_WINDOW_HOURS (the food-safety window). */
export const collectionDeadlineSql = (r = 'r') => `(${eventEndSql(r)} + interval '${COLLECTION_WINDOW_HOURS} hours')`;
