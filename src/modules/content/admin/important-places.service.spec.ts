import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService } from '../../../../test/support/test-service';
import type { ImportantPlace } from '../../../shared/api/content-admin';
import { ContentAdminRepository } from './content-admin.repository';
import { ImportantPlacesService } from './important-places.service';

const REQUIRED = 'يرجى ملء جميع الحقول المطلوبة';
const VALUE_TAKEN = 'يوجد مكان بهذا الرمز';
const HALF_POSITION = 'حدّد الموقع على الخريطة أو احذفه: خط العرض وخط الطول معاً';

type NewPlace = Parameters<ContentAdminRepository['insertPlace']>[0];

/** dropdown_options' important places in memory; the unique index on the code decides. */
class FakePlaces {
  places: ImportantPlace[] = [
    {
      id: 1,
      value: 'royal_hall',
      label: 'قاعة الملكية',
      group: 'wedding',
      isActive: true,
      sortOrder: 1,
      latitude: 24.09,
      longitude: 38.06,
    },
  ];
  inserts: NewPlace[] = [];
  async insertPlace(place: NewPlace) {
    this.inserts.push(place);
    if (this.places.some((p) => p.value === place.value)) return null;
    const row: ImportantPlace = {
      id: this.places.length + 1,
      value: place.value,
      label: place.label,
      group: place.group,
      isActive: true,
      sortOrder: this.places.length + 1,
      latitude: place.position?.latitude ?? null,
      longitude: place.position?.longitude ?? null,
    };
    this.places.push(row);
    return row;
  }
  async updatePlace(id: number, changes: Parameters<ContentAdminRepository['updatePlace']>[1]) {
    const place = this.places.find((p) => p.id === id);
    if (!place) return 'missing' as const;
    if (changes.value && this.places.some((p) => p.id !== id && p.value === changes.value)) return 'value_taken' as const;
    Object.assign(place, {
      label: changes.label,
      isActive: changes.isActive,
      value: changes.value ?? place.value,
      group: changes.group ?? place.group,
    });
    if (changes.position !== undefined)
      Object.assign(place, { latitude: changes.position?.latitude ?? null, longitude: changes.position?.longitude ?? null });
    return 'updated' as const;
  }
  async deletePlace(id: number) {
    const before = this.places.length;
    this.places = this.places.filter((p) => p.id !== id);
    return this.places.length < before;
  }
}

function setup() {
  const repo = new FakePlaces();
  const t = newTestService(ImportantPlacesService, { provide: [[ContentAdminRepository, repo]] });
  return { ...t, repo };
}

describe('ImportantPlacesService.addPlace', () => {
  it('generates an ASCII code when none is given, never from the label, so two places of one name get two codes', async () => {
    const t = setup();
    const first = await t.sut.addPlace({ label: '  قاعة الورود ', group: 'wedding' });
    const second = await t.sut.addPlace({ label: 'قاعة الورود', group: 'wedding' });
    expect(first.message).toBe('تمت إضافة المكان بنجاح');
    expect(first.place).toEqual(expect.objectContaining({ label: 'قاعة الورود', group: 'wedding', latitude: null, longitude: null }));
    expect(first.place.value).toMatch(/^place_[a-z0-9]{10}$/);
    expect(second.place.value).toMatch(/^place_[a-z0-9]{10}$/);
    expect(second.place.value).not.toBe(first.place.value);
  });

  it('keeps the code the administrator typed, and files a place without a group under «other»', async () => {
    const t = setup();
    const { place } = await t.sut.addPlace({ value: ' grand_hotel ', label: 'فندق جراند' });
    expect([place.value, place.group]).toEqual(['grand_hotel', 'other']);
  });

  it('refuses a typed code that another place has, without drawing another', async () => {
    const t = setup();
    const error = await refusal(t.sut.addPlace({ value: 'royal_hall', label: 'قاعة أخرى' }));
    expect([error.status, error.message, error.options.errors]).toEqual([400, VALUE_TAKEN, { value: VALUE_TAKEN }]);
    expect(t.repo.inserts).toHaveLength(1);
  });

  it('draws a generated code again when it clashes, and gives up with 409 after five clashes', async () => {
    const t = setup();
    let clashes = 1;
    const insert = t.repo.insertPlace.bind(t.repo);
    t.repo.insertPlace = async (place) => (clashes-- > 0 ? (t.repo.inserts.push(place), null) : insert(place));
    const { place } = await t.sut.addPlace({ label: 'قاعة الورود' });
    expect(t.repo.inserts).toHaveLength(2);
    expect(t.repo.inserts[0].value).not.toBe(t.repo.inserts[1].value);
    expect(place.value).toBe(t.repo.inserts[1].value);

    clashes = Infinity;
    t.repo.inserts = [];
    const error = await refusal(t.sut.addPlace({ label: 'قاعة النخيل' }));
    expect([error.status, error.code, error.message]).toEqual([409, 'CONFLICT', 'تعذّر توليد رمز فريد للمكان، حاول مرة أخرى']);
    expect(t.repo.inserts).toHaveLength(5);
  });

  it('keeps a position picked on the map', async () => {
    const t = setup();
    const { place } = await t.sut.addPlace({ label: 'قاعة الورود', latitude: 24.08, longitude: 38.05 });
    expect([place.latitude, place.longitude]).toEqual([24.08, 38.05]);
  });

  it.each([
    [{ latitude: 24.08 }, 'longitude'],
    [{ longitude: 38.05 }, 'latitude'],
    [{ latitude: 24.08, longitude: null }, 'longitude'],
  ])('refuses half a position, naming the missing coordinate (%#)', async (position, field) => {
    const t = setup();
    const error = await refusal(t.sut.addPlace({ label: 'قاعة الورود', ...position }));
    expect([error.status, error.message, error.options.errors]).toEqual([400, HALF_POSITION, { [field]: HALF_POSITION }]);
    expect(t.repo.inserts).toEqual([]);
  });

  it('refuses a blank label', async () => {
    const t = setup();
    const error = await refusal(t.sut.addPlace({ label: '   ' }));
    expect([error.status, error.message, error.options.errors]).toEqual([400, REQUIRED, { label: REQUIRED }]);
    expect(t.repo.inserts).toEqual([]);
  });
});

describe('ImportantPlacesService.updatePlace', () => {
  const edit = { label: 'القاعة الملكية', isActive: true };

  it('keeps the code, group and position when they are not sent, and clears the position with null', async () => {
    const t = setup();
    expect(await t.sut.updatePlace(1, { ...edit, value: '  ' })).toEqual({ success: true, message: 'تم تحديث المكان بنجاح' });
    expect(t.repo.places[0]).toEqual(
      expect.objectContaining({ label: 'القاعة الملكية', value: 'royal_hall', group: 'wedding', latitude: 24.09 }),
    );
    await t.sut.updatePlace(1, { ...edit, latitude: null, longitude: null });
    expect([t.repo.places[0].latitude, t.repo.places[0].longitude]).toEqual([null, null]);
  });

  it('refuses a code another place has, and answers 404 for a place that does not exist', async () => {
    const t = setup();
    await t.sut.addPlace({ value: 'grand_hotel', label: 'فندق جراند' });
    const taken = await refusal(t.sut.updatePlace(1, { ...edit, value: 'grand_hotel' }));
    expect([taken.status, taken.options.errors]).toEqual([400, { value: VALUE_TAKEN }]);
    const missing = await refusal(t.sut.updatePlace(99, edit));
    expect([missing.status, missing.message]).toEqual([404, 'المكان غير موجود']);
  });
});

describe('ImportantPlacesService.deletePlace', () => {
  it('answers 404 for a place that does not exist', async () => {
    const t = setup();
    expect((await t.sut.deletePlace(1)).message).toBe('تم حذف المكان بنجاح');
    const error = await refusal(t.sut.deletePlace(1));
    expect([error.status, error.message]).toEqual([404, 'المكان غير موجود']);
  });
});
