import { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { DomainException } from '../errors/domain.exception';

/** The largest id PostgreSQL's int4 (`SERIAL`) holds: a bigger one in SQL is an error, not "not found". */
export const MAX_ID = 2_147_483_647;

/**
 * The one pipe for numeric ids in the path: a positive whole number written in plain digits that fits
 * int4, else 400 with the Arabic message under the parameter's name. Path parameters reach it as
 * written (the global validation pipe leaves them alone), so `1e3`, `0x10`, `-1` and `1.0` are refused
 * rather than read as numbers, and ids past int4 never reach SQL.
 */
export class IdParamPipe implements PipeTransform<unknown, number> {
  constructor(private readonly message: string) {}

  transform(value: unknown, metadata: ArgumentMetadata): number {
    const text = typeof value === 'string' ? value : '';
    const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : 0;
    if (id < 1 || id > MAX_ID) throw DomainException.validation({ [metadata.data ?? 'id']: this.message }, this.message);
    return id;
  }
}

/** `@Param('id', idParam('رقم … غير صحيح'))`. */
export function idParam(message: string): IdParamPipe {
  return new IdParamPipe(message);
}
