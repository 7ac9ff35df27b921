import { Allow } from 'class-validator';

/**
 * The submitted request payload (spec §3). Every field is declared so the global pipe lets the spec's
 * own fields through and still rejects unknown ones; the rules themselves (with their exact Arabic
 * messages) are checked by validateRequest() in src/shared/request-rules.ts. ipAddress and userAgent
 * are accepted and ignored: the server records the real ones.
 */
export class CreateRequestDto {
  @Allow() eventType?: unknown;
  @Allow() attendeeCount?: unknown;
  @Allow() eventDate?: unknown;
  @Allow() endTime?: unknown;
  @Allow() locationType?: unknown;
  @Allow() area?: unknown;
  @Allow() district?: unknown;
  @Allow() street?: unknown;
  @Allow() buildingNumber?: unknown;
  @Allow() importantPlace?: unknown;
  @Allow() landmarks?: unknown;
  @Allow() latitude?: unknown;
  @Allow() longitude?: unknown;
  @Allow() locationPhone?: unknown;
  @Allow() fullAddress?: unknown;
  @Allow() organizerName?: unknown;
  @Allow() organizerPhone?: unknown;
  @Allow() organizerEmail?: unknown;
  @Allow() foodTypes?: unknown;
  @Allow() additionalNotes?: unknown;
  @Allow() whatsappOptIn?: unknown;
  @Allow() consentText?: unknown;
  @Allow() ipAddress?: unknown;
  @Allow() userAgent?: unknown;
}
