import { Injectable } from '@nestjs/common';
import { preparedQuery } from '../../../database/prepared';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** Where a customer gave consent to WhatsApp messages. */
/** How a number's consent was given: the two public forms, and (wave 4) the team entering it, a regular donor's contact, a volunteer's registration. */
export type ConsentMethod = 'request_form' | 'quick_message_form' | 'admin_entry' | 'donor_schedule' | 'volunteer_registration';

export interface GivenConsent {
  /** +E.164 */
  phone: string;
  method: ConsentMethod;
  /** The consent sentence the customer agreed to, as shown. */
  text: string | null;
  at: Date;
  ip: string;
  userAgent: string | null;
  /** The request the consent came with (kept from before when this one names none). */
  requestId: number | null;
}

const RECORD_CONSENT = `INSERT INTO whatsapp_opt_ins (phone_number, opt_in_status, consent_timestamp, consent_method, consent_text, ip_address, user_agent, request_id)
  VALUES ($1, true, $2, $3, $4, $5, $6, $7)
  ON CONFLICT (phone_number) DO UPDATE SET opt_in_status = true, consent_timestamp = EXCLUDED.consent_timestamp,
    consent_method = EXCLUDED.consent_method, consent_text = EXCLUDED.consent_text, ip_address = EXCLUDED.ip_address,
    user_agent = EXCLUDED.user_agent, request_id = coalesce(EXCLUDED.request_id, whatsapp_opt_ins.request_id),
    revoked_at = NULL, revoked_method = NULL, updated_at = now()`;

/**
 * Consent to WhatsApp messages (whatsapp_opt_ins), owned by messaging: the forms record it here, in
 * their own transaction; a number that had sent STOP and gives consent again on a form is restored.
 */
@Injectable()
export class ConsentRepository {
  async record(scope: DbScope, consent: GivenConsent): Promise<void> {
    const manager = managerOf(scope);
    // A prepared statement: this runs in the public form's hot path.
    await preparedQuery(manager, RECORD_CONSENT, [
      consent.phone,
      consent.at,
      consent.method,
      consent.text,
      consent.ip.slice(0, 64),
      consent.userAgent || null,
      consent.requestId,
    ]);
  }
}
