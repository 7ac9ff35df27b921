import { ParseIntPipe } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain.exception';

/** A positive int4 id from the path, else 400 naming the field (huge or odd ids never reach SQL). */
export function idParam(message: string): ParseIntPipe {
  return new ParseIntPipe({
    exceptionFactory: () => DomainException.validation({ id: message }, message),
  });
}

export function checkId(id: number, message: string): number {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw DomainException.validation({ id: message }, message);
  return id;
}
