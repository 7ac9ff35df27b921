import { Allow } from 'class-validator';
import type { CollectedInput, NotCollectedInput } from '../../../shared/api/volunteers';
import type { CollectionChecks } from '../../../shared/volunteer';

// The volunteer page's bodies: every field is checked by the service (the weighed-kg rule, the checks,
// the reason list), which names it in Arabic; the classes whitelist the fields and describe them.

export class CollectedDto implements CollectedInput {
  @Allow()
  weighedKg: number;
  @Allow()
  checks: CollectionChecks;
}

export class NotCollectedDto implements Omit<NotCollectedInput, 'reason'> {
  // A plain string for the API document (one of NOT_COLLECTED_REASONS, checked by the service).
  @Allow()
  reason: string;
  @Allow()
  note?: string;
}
