import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService } from '../../../../test/support/test-service';
import type { DbScope } from '../../../database/db-scope';
import type { ContentType } from '../entities/content-setting.entity';
import type { DropdownOptionEntity } from '../entities/dropdown-option.entity';
import { ContentAdminRepository } from './content-admin.repository';
import { ContentAdminService } from './content-admin.service';

const PHONE_MESSAGE =
  'رقم الهاتف غير صحيح. اكتب جوالاً مثل 0551234567، أو هاتفاً ثابتاً مثل 0143221234، أو رقماً موحداً مثل 920012345، أو رقماً مجانياً مثل 8001234567';

type Option = Pick<DropdownOptionEntity, 'type' | 'value' | 'label' | 'isActive'>;

/** content_settings and dropdown_options in memory, as replaceList leaves them. */
class FakeContent {
  content = new Map<string, { value: string; type: ContentType }>([
    ['contact_phone', { value: '0143221234', type: 'text' }],
    ['hero_title', { value: 'حفظ النعمة', type: 'text' }],
    ['about_meals', { value: '2000', type: 'text' }],
    ['hero_verse', { value: '', type: 'text' }],
  ]);
  rows: Option[] = [
    { type: 'eventType', value: 'wedding', label: 'زواج', isActive: true },
    { type: 'eventType', value: 'old', label: 'عزاء', isActive: false },
    { type: 'foodType', value: 'rice', label: 'أرز', isActive: true },
  ];
  replaced = 0;
  async contentKeyExists(key: string) {
    return this.content.has(key);
  }
  async saveContent(key: string, value: string, type: ContentType) {
    this.content.set(key, { value, type });
  }
  async options(type: string, _scope?: DbScope) {
    return this.rows.filter((o) => o.type === type) as DropdownOptionEntity[];
  }
  async replaceList(_scope: DbScope, type: string, entries: { value: string; label: string }[]) {
    this.replaced += 1;
    const others = this.rows.filter((o) => o.type !== type);
    const kept = this.rows
      .filter((o) => o.type === type && !entries.some((e) => e.value === o.value))
      .map((o) => ({ ...o, isActive: false }));
    this.rows = [...others, ...entries.map((e) => ({ type, ...e, isActive: true })), ...kept];
  }
}

function setup() {
  const repo = new FakeContent();
  const t = newTestService(ContentAdminService, { provide: [[ContentAdminRepository, repo]] });
  return { ...t, repo };
}

describe('ContentAdminService.saveContent', () => {
  it.each([
    ['a landline', '014 322 1234', '0143221234'],
    ['a toll-free 800 number', '800 124 4444', '8001244444'],
    ['a unified 920 number', '9200 12345', '920012345'],
    ['a mobile written internationally', '+966 55 123 4567', '0551234567'],
    ['a mobile in Arabic-Indic digits', '٠٥٥١٢٣٤٥٦٧', '0551234567'],
  ])('accepts %s as the charity’s phone and stores it normalised', async (_kind, typed, stored) => {
    const t = setup();
    const result = await t.sut.saveContent('contact_phone', typed, 'text');
    expect(result).toEqual({ success: true, message: 'تم حفظ المحتوى بنجاح', key: 'contact_phone', value: stored });
    expect(t.repo.content.get('contact_phone')?.value).toBe(stored);
  });

  // 015 is no Saudi area code; 05512345 is a mobile two digits short.
  it.each([['12345'], ['0153221234'], ['05512345']])(
    'refuses %p as the charity’s phone, naming the field by its key, and keeps the old one',
    async (typed) => {
      const t = setup();
      const error = await refusal(t.sut.saveContent('contact_phone', typed, 'text'));
      expect([error.status, error.message, error.options.errors]).toEqual([400, PHONE_MESSAGE, { contact_phone: PHONE_MESSAGE }]);
      expect(t.repo.content.get('contact_phone')?.value).toBe('0143221234');
    },
  );

  it('trims a text and refuses an empty one (the spec: empty values are not saved)', async () => {
    const t = setup();
    expect((await t.sut.saveContent('hero_title', '  جمعية حفظ النعمة  ', 'text')).value).toBe('جمعية حفظ النعمة');
    const error = await refusal(t.sut.saveContent('hero_title', '   ', 'text'));
    expect([error.status, error.options.errors]).toEqual([400, { value: 'لا يمكن حفظ قيمة فارغة' }]);
    expect(t.repo.content.get('hero_title')?.value).toBe('جمعية حفظ النعمة');
  });

  it('refuses a key that is not one of the site’s, saving nothing', async () => {
    const t = setup();
    const error = await refusal(t.sut.saveContent('admin_password', 'x', 'text'));
    expect([error.status, error.message]).toEqual([400, 'مفتاح المحتوى غير معروف']);
    expect(t.repo.content.has('admin_password')).toBe(false);
  });

  it('stores an about-page figure with Western digits and refuses one that is not a whole number up to 10,000,000', async () => {
    const t = setup();
    expect((await t.sut.saveContent('about_meals', '٢٬٥٠٠', 'text')).value).toBe('2500');
    for (const typed of ['2.5', 'ألفان', '10000001']) {
      const error = await refusal(t.sut.saveContent('about_meals', typed, 'text'));
      expect([error.status, Object.keys(error.options.errors ?? {})]).toEqual([400, ['value']]);
      expect(error.message).toMatch(/^أدخل عدداً صحيحاً من 0 إلى /);
      // Western digits, as every figure in a message (decisions.md "Time, dates, numbers").
      expect([error.message, error.options.errors]).toEqual([
        'أدخل عدداً صحيحاً من 0 إلى 10,000,000',
        { value: 'أدخل عدداً صحيحاً من 0 إلى 10,000,000' },
      ]);
    }
    expect(t.repo.content.get('about_meals')?.value).toBe('2500');
  });

  it('refuses a JSON value that does not parse', async () => {
    const t = setup();
    const error = await refusal(t.sut.saveContent('hero_verse', '{"text": ', 'json'));
    expect([error.status, error.message]).toEqual([400, 'القيمة ليست JSON صحيحاً']);
    expect(t.repo.content.get('hero_verse')?.value).toBe('');
  });
});

describe('ContentAdminService lists', () => {
  it('shows only the active labels of each list', async () => {
    const t = setup();
    expect(await t.sut.lists()).toEqual({ eventTypes: ['زواج'], foodTypes: ['أرز'] });
  });

  it('saves both lists trimmed and without duplicates; a known label keeps its stored value so old requests keep their label', async () => {
    const t = setup();
    const result = await t.sut.saveLists({ eventTypes: ['  زواج ', 'تخرج', 'تخرج', ''], foodTypes: ['أرز', 'حلويات'] });
    expect(result).toEqual({
      success: true,
      message: 'تم حفظ خيارات القوائم بنجاح',
      eventTypes: ['زواج', 'تخرج'],
      foodTypes: ['أرز', 'حلويات'],
    });
    const events = t.repo.rows.filter((o) => o.type === 'eventType');
    expect(events.find((o) => o.label === 'زواج')?.value).toBe('wedding');
    // A new label gets a stable code of its own, never the label itself.
    const graduation = events.find((o) => o.label === 'تخرج')!.value;
    expect(graduation).toMatch(/^opt_[0-9a-z]+$/);
    await t.sut.saveLists({ eventTypes: ['تخرج'], foodTypes: ['أرز'] });
    expect(t.repo.rows.filter((o) => o.label === 'تخرج').map((o) => o.value)).toEqual([graduation]);
    expect(t.uow.commits).toBe(2);
  });

  it.each([
    [{ eventTypes: ['  ', ''], foodTypes: ['أرز'] }, 'eventTypes', 'قائمة أنواع المناسبات يجب أن تحتوي على خيار واحد على الأقل'],
    [{ eventTypes: ['زواج'], foodTypes: [] }, 'foodTypes', 'قائمة أنواع الطعام يجب أن تحتوي على خيار واحد على الأقل'],
  ])('refuses an empty list, naming it, and changes neither list (%#)', async (input, field, message) => {
    const t = setup();
    const error = await refusal(t.sut.saveLists(input));
    expect([error.status, error.message, error.options.errors]).toEqual([400, message, { [field]: message }]);
    expect([t.repo.replaced, t.uow.commits]).toEqual([0, 0]);
  });
});
