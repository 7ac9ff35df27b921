import { Injectable } from '@nestjs/common';
import { preparedQuery } from '../../../database/prepared';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** The group, its event, the recipients and their attempts, in one statement (data-modifying CTEs). */
const ENQUEUE = `WITH g AS (
         INSERT INTO assurance_notification_groups (type, form_id, requester_whatsapp, variables_json, reason)
         VALUES ($1, $2, $3, $4, $5) RETURNING group_id
       ), e AS (
         INSERT INTO assurance_events (type, payload)
         SELECT 'message_enqueued', $6::jsonb || jsonb_build_object('groupId', g.group_id) FROM g
       ), r AS (
         INSERT INTO assurance_recipients (group_id, whatsapp, role, opted_in)
         SELECT g.group_id, x.whatsapp, x.role, x.opted_in
           FROM g, unnest($7::text[], $8::text[], $9::boolean[]) WITH ORDINALITY AS x(whatsapp, role, opted_in, n)
          ORDER BY x.n
         RETURNING recipient_id, group_id
       ), a AS (
         INSERT INTO assurance_attempts (group_id, recipient_id, template_key, content_variables, secret_variables, body, idempotency_key, created_at)
         SELECT r.group_id, r.recipient_id, $1, $4, $10, $11,
                replace(gen_random_uuid()::text, '-', ''), $12
           FROM r ORDER BY r.recipient_id
         RETURNING attempt_id, idempotency_key
       )
       SELECT g.group_id, a.attempt_id, a.idempotency_key FROM g LEFT JOIN a ON true ORDER BY a.attempt_id`;

/** The enqueue statement's parameters, in order ($1 … $12). */
export interface EnqueueRow {
  templateKey: string;
  formId: string | null;
  requesterWhatsapp: string | null;
  contentVariables: string;
  reason: string;
  event: string;
  whatsapps: string[];
  roles: string[];
  optedIn: boolean[];
  sealedSecrets: string | null;
  body: string | null;
  createdAt: Date;
}

/** The outbox's writes (assurance_notification_groups, _events, _recipients, _attempts) and its key lookup. */
@Injectable()
export class OutboxRepository {
  /** One round trip whatever the number of recipients; a prepared statement (every notifying request runs it). */
  enqueue(scope: DbScope, row: EnqueueRow): Promise<{ group_id: number; attempt_id: number | null; idempotency_key: string | null }[]> {
    const manager = managerOf(scope);
    return preparedQuery(manager, ENQUEUE, [
      row.templateKey,
      row.formId,
      row.requesterWhatsapp,
      row.contentVariables,
      row.reason,
      row.event,
      row.whatsapps,
      row.roles,
      row.optedIn,
      row.sealedSecrets,
      row.body,
      row.createdAt,
    ]);
  }

  /** The keys, claim counts and templates of these attempts (to publish them). */
}
