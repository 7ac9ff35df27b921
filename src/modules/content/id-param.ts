import { DomainException } from '../../common/errors/domain.exception';
import { MAX_ID } from '../../common/http/id-param.pipe';

// The one id pipe lives in common/http; the impact reports' controller still imports it from here.
export { idParam } from '../../common/http/id-param.pipe';

export function checkId(id: number, message: string): number {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw DomainException.validation({ id: message }, message);
  return id;
}
