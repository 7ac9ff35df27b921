import { defineErrors } from '../../../common/errors/define-errors';

/** The important places' refusals (important-places.service), each with its one status. */
export const ImportantPlaceErrors = defineErrors({
  // A generated code clashed five times running (addPlace).
  CONFLICT: { status: 409, message: 'تعذّر توليد رمز فريد للمكان، حاول مرة أخرى' },
});
