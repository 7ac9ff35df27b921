import { ParseIntPipe } from '@nestjs/common';
import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain.exception';

const badId = () => DomainException.validation({ id: 'رقم الطلب غير صحيح' }, 'رقم الطلب غير صحيح');

/** A request number: a whole number within PostgreSQL's int4 (larger ones would fail in SQL). */
class RequestIdPipe implements PipeTransform<string, Promise<number>> {
  private readonly int = new ParseIntPipe({ exceptionFactory: badId });
  async transform(value: string, meta: ArgumentMetadata): Promise<number> {
    const id = await this.int.transform(value, meta);
    if (typeof id !== 'number' || id < 1 || id > 2_147_483_647) throw badId();
    return id;
  }
}

/** `@Param('id', requestIdPipe)`: a request's number, or a 400 in Arabic. */
export const requestIdPipe = new RequestIdPipe();
