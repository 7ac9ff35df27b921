import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService } from '../../../../test/support/test-service';
import { valueForLabel } from '../../../shared/dropdown-rules';
import { LocationsAdminRepository } from './locations-admin.repository';
import { LocationsAdminService } from './locations-admin.service';

const REQUIRED = 'يرجى إدخال اسم الحي واختيار المنطقة';

/** simple_areas and simple_districts in memory. */
class FakeLocations {
  areas = ['yanbu_albahr', 'yanbu_alsinaiyah'];
  districts: { id: number; name: string; value: string; areaValue: string }[] = [
    { id: 1, name: 'الشاطئ', value: 'shati', areaValue: 'yanbu_albahr' },
  ];
  async areaExists(value: string) {
    return this.areas.includes(value);
  }
  /** What the name check saw: the districts before another administrator's insert (when one is racing). */
  seenByCheck: FakeLocations['districts'] | null = null;
  async districtNameTaken(areaValue: string, name: string) {
    return (this.seenByCheck ?? this.districts).some((d) => d.areaValue === areaValue && d.name === name);
  }
  async valueTaken(areaValue: string, value: string) {
    return (this.seenByCheck ?? this.districts).some((d) => d.areaValue === areaValue && d.value === value);
  }
  /** As UQ_simple_districts_value_area_value: null for a value the area already has. */
  async insertDistrict(areaValue: string, name: string, value: string) {
    if (this.districts.some((d) => d.areaValue === areaValue && d.value === value)) return null;
    const row = { id: this.districts.length + 1, name, value, areaValue };
    this.districts.push(row);
    return row;
  }
  async deleteDistrict(id: number) {
    const before = this.districts.length;
    this.districts = this.districts.filter((d) => d.id !== id);
    return this.districts.length < before;
  }
}

function setup() {
  const repo = new FakeLocations();
  const t = newTestService(LocationsAdminService, { provide: [[LocationsAdminRepository, repo]] });
  return { ...t, repo };
}

describe('LocationsAdminService.addDistrict', () => {
  it('adds the district with its spaces tidied and a stable code of its own', async () => {
    const t = setup();
    const result = await t.sut.addDistrict('  حي   الصناعية ', 'yanbu_alsinaiyah');
    expect(result).toEqual({
      success: true,
      message: 'تمت إضافة الحي بنجاح',
      district: { id: 2, name: 'حي الصناعية', value: valueForLabel('حي الصناعية'), areaValue: 'yanbu_alsinaiyah' },
    });
  });

  it('lets two areas have a district of the same name', async () => {
    const t = setup();
    await t.sut.addDistrict('الشاطئ', 'yanbu_alsinaiyah');
    expect(t.repo.districts.filter((d) => d.name === 'الشاطئ').map((d) => d.areaValue)).toEqual(['yanbu_albahr', 'yanbu_alsinaiyah']);
  });

  it.each([
    ['  ', 'yanbu_albahr', { name: REQUIRED }],
    ['الروضة', '', { areaValue: REQUIRED }],
    ['', '', { name: REQUIRED, areaValue: REQUIRED }],
  ])('refuses a missing name or area, naming each missing field (%#)', async (name, area, errors) => {
    const t = setup();
    const error = await refusal(t.sut.addDistrict(name, area));
    expect([error.status, error.message, error.options.errors]).toEqual([400, REQUIRED, errors]);
    expect(t.repo.districts).toHaveLength(1);
  });

  it('refuses an area that does not exist', async () => {
    const t = setup();
    const error = await refusal(t.sut.addDistrict('الروضة', 'jeddah'));
    expect([error.status, error.options.errors]).toEqual([400, { areaValue: 'المنطقة غير موجودة' }]);
    expect(t.repo.districts).toHaveLength(1);
  });

  it('refuses a name the area already has, however it is spaced', async () => {
    const t = setup();
    const error = await refusal(t.sut.addDistrict(' الشاطئ ', 'yanbu_albahr'));
    expect([error.status, error.message, error.options.errors]).toEqual([
      400,
      'هذا الحي موجود في المنطقة',
      { name: 'هذا الحي موجود في المنطقة' },
    ]);
    expect(t.repo.districts).toHaveLength(1);
  });

  it('refuses as a duplicate the district another administrator added between the check and the insert', async () => {
    const t = setup();
    t.repo.seenByCheck = [...t.repo.districts];
    t.repo.districts.push({ id: 2, name: 'الروضة', value: valueForLabel('الروضة'), areaValue: 'yanbu_albahr' });
    const error = await refusal(t.sut.addDistrict('الروضة', 'yanbu_albahr'));
    expect([error.status, error.message, error.options.errors]).toEqual([
      400,
      'هذا الحي موجود في المنطقة',
      { name: 'هذا الحي موجود في المنطقة' },
    ]);
    expect(t.repo.districts).toHaveLength(2);
  });

  it('gives a new district another code when its name’s code is already used in the area', async () => {
    const t = setup();
    t.repo.districts.push({ id: 9, name: 'اسم قديم', value: valueForLabel('الروضة'), areaValue: 'yanbu_albahr' });
    const { district } = await t.sut.addDistrict('الروضة', 'yanbu_albahr');
    expect(district.value).toMatch(new RegExp(`^${valueForLabel('الروضة')}_[0-9a-z]+$`));
  });
});

describe('LocationsAdminService.deleteDistrict', () => {
  it('deletes a district and answers 404 for one that does not exist', async () => {
    const t = setup();
    expect(await t.sut.deleteDistrict(1)).toEqual({ success: true, message: 'تم حذف الحي بنجاح' });
    const error = await refusal(t.sut.deleteDistrict(1));
    expect([error.status, error.message]).toEqual([404, 'الحي غير موجود']);
  });
});
