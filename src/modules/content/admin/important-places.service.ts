import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainException } from '../../../common/errors/domain.exception';
import type { ImportantPlace, ImportantPlaceInput } from '../../../shared/api/content-admin';
import { ContentAdminRepository } from './content-admin.repository';
import { ImportantPlaceErrors } from './important-places-errors';

const PLACE_REQUIRED = 'يرجى ملء جميع الحقول المطلوبة';
const VALUE_TAKEN = 'يوجد مكان بهذا الرمز';
const HALF_POSITION = 'حدّد الموقع على الخريطة أو احذفه: خط العرض وخط الطول معاً';
// Lower-case letters and digits: a generated code reads the same in every font and URL.
const CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new place's stored code when the administrator gives none: ASCII, `place_` and 10 random
 * characters (51 bits), never derived from the label or the group, so renaming or regrouping a place
 * never changes the code its requests keep. The unique index still decides; a clash is drawn again.
 */
export function generatePlaceValue(): string {
  const bytes = randomBytes(10);
  let suffix = '';
  for (const byte of bytes) suffix += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return `place_${suffix}`;
}

type Position = { latitude: number; longitude: number } | null | undefined;

/** Both coordinates or neither: undefined keeps the stored position, null clears it. */
function positionOf(input: Pick<ImportantPlaceInput, 'latitude' | 'longitude'>): Position {
  const { latitude, longitude } = input;
  if (latitude === undefined && longitude === undefined) return undefined;
  if ((latitude === null || latitude === undefined) && (longitude === null || longitude === undefined)) return null;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') {
    throw DomainException.validation({ [typeof latitude === 'number' ? 'longitude' : 'latitude']: HALF_POSITION }, HALF_POSITION);
  }
  return { latitude, longitude };
}

/** The important places of the request form: Arabic label, stored group, generated code, map position. */
@Injectable()
export class ImportantPlacesService {
  constructor(private readonly repo: ContentAdminRepository) {}

  places(): Promise<ImportantPlace[]> {
    return this.repo.places();
  }

  async addPlace(input: ImportantPlaceInput) {
    const label = input.label.trim();
    if (!label) throw DomainException.validation({ label: PLACE_REQUIRED }, PLACE_REQUIRED);
    const position = positionOf(input) ?? null;
    const given = input.value?.trim();
    const fields = { label, group: input.group ?? 'other', position } as const;
    if (given) {
      const place = await this.repo.insertPlace({ ...fields, value: given });
      if (!place) throw DomainException.validation({ value: VALUE_TAKEN }, VALUE_TAKEN);
      return { success: true as const, message: 'تمت إضافة المكان بنجاح', place };
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const place = await this.repo.insertPlace({ ...fields, value: generatePlaceValue() });
      if (place) return { success: true as const, message: 'تمت إضافة المكان بنجاح', place };
    }
    // Five clashes in a 36^10 space means something else is wrong; say so rather than loop.
    throw ImportantPlaceErrors.CONFLICT();
  }

  async updatePlace(id: number, input: ImportantPlaceInput & { isActive: boolean }) {
    const label = input.label.trim();
    if (!label) throw DomainException.validation({ label: PLACE_REQUIRED }, PLACE_REQUIRED);
    const position = positionOf(input);
    const value = input.value?.trim() || undefined;
    const outcome = await this.repo.updatePlace(id, { label, isActive: input.isActive, value, group: input.group, position });
    if (outcome === 'missing') throw DomainException.notFound('المكان غير موجود');
    if (outcome === 'value_taken') throw DomainException.validation({ value: VALUE_TAKEN }, VALUE_TAKEN);
    return { success: true as const, message: 'تم تحديث المكان بنجاح' };
  }

  async deletePlace(id: number) {
    if (!(await this.repo.deletePlace(id))) throw DomainException.notFound('المكان غير موجود');
    return { success: true as const, message: 'تم حذف المكان بنجاح' };
  }
}
