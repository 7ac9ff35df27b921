import { Allow } from 'class-validator';

/** POST /api/quick-messages body; checked by validateQuickMessage() in src/shared/quick-message-rules.ts. */
export class CreateQuickMessageDto {
  @Allow() senderName?: unknown;
  @Allow() senderPhone?: unknown;
  @Allow() inquiryType?: unknown;
  @Allow() inquirySubject?: unknown;
  @Allow() originalMessage?: unknown;
}
