import { Injectable } from '@nestjs/common';
import { DomainException } from '../../../common/errors/domain.exception';
import type { DropdownLists } from '../../../shared/api/content-admin';
import { normaliseList, valueForLabel } from '../../../shared/dropdown-rules';
import { CONTACT_PHONE_MESSAGE, normalizeContactPhone } from '../../../shared/phone-contact';
import { MAX_CONTENT_NUMBER, NUMBER_CONTENT_KEYS, PHONE_CONTENT_KEYS } from '../../../shared/content-keys';
import { parseIntegerInput } from '../../../shared/digits';
import { formatFigure } from '../../../shared/number-format';
import type { ContentType } from '../entities/content-setting.entity';
import { ContentAdminRepository, LIST_TYPES } from './content-admin.repository';

const LIST_NAMES = { eventTypes: 'أنواع المناسبات', foodTypes: 'أنواع الطعام' } as const;
import { UnitOfWork } from '../../../database/unit-of-work';

/** Site texts and the two dropdown lists, as the administrators edit them. */
@Injectable()
export class ContentAdminService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: ContentAdminRepository,
  ) {}

  /** Saves one content key (spec: empty values are not saved; contact phones are checked and normalised). */
  async saveContent(key: string, rawValue: string, type: ContentType) {
    if (!(await this.repo.contentKeyExists(key))) throw DomainException.validation({ key: 'مفتاح المحتوى غير معروف' });
    let value = rawValue.trim();
    if (!value) throw DomainException.validation({ value: 'لا يمكن حفظ قيمة فارغة' });
    if (PHONE_CONTENT_KEYS.has(key)) {
      // The field is named by its key, so the content screen shows the message under that field.
      const phone = normalizeContactPhone(value);
      if (!phone) throw DomainException.validation({ [key]: CONTACT_PHONE_MESSAGE }, CONTACT_PHONE_MESSAGE);
      value = phone;
    }
    if (NUMBER_CONTENT_KEYS.has(key)) {
      const number = parseIntegerInput(value);
      if (number === null || number > MAX_CONTENT_NUMBER) {
        throw DomainException.validation({ value: `أدخل عدداً صحيحاً من 0 إلى ${formatFigure(MAX_CONTENT_NUMBER)}` });
      }
      value = String(number);
    }
    if (type === 'json') {
      try {
        JSON.parse(value);
      } catch {
        throw DomainException.validation({ value: 'القيمة ليست JSON صحيحاً' });
      }
    }
    await this.repo.saveContent(key, value, type);
    return { success: true as const, message: 'تم حفظ المحتوى بنجاح', key, value };
  }

  async lists(): Promise<DropdownLists> {
    const [events, foods] = await Promise.all([this.repo.options(LIST_TYPES.eventTypes), this.repo.options(LIST_TYPES.foodTypes)]);
    const active = (rows: { label: string; isActive: boolean }[]) => rows.filter((r) => r.isActive).map((r) => r.label);
    return { eventTypes: active(events), foodTypes: active(foods) };
  }

  /** Replaces both lists; existing labels keep their stored value so old requests keep their label. */
  async saveLists(input: DropdownLists) {
    const lists = { eventTypes: normaliseList(input.eventTypes), foodTypes: normaliseList(input.foodTypes) };
    // Lengths and counts are the DTO's; an empty list (after trimming) is refused here, naming the list
    // (the screen shows the message in its toast, beside the two lists).
    for (const field of ['eventTypes', 'foodTypes'] as const) {
      const message = `قائمة ${LIST_NAMES[field]} يجب أن تحتوي على خيار واحد على الأقل`;
      if (!lists[field].length) throw DomainException.validation({ [field]: message }, message);
    }
    await this.uow.run(async (tx) => {
      for (const field of ['eventTypes', 'foodTypes'] as const) {
        const type = LIST_TYPES[field];
        const existing = await this.repo.options(type, tx);
        const entries = lists[field].map((label) => ({
          label,
          value: existing.find((o) => o.label === label)?.value ?? valueForLabel(label),
        }));
        await this.repo.replaceList(tx, type, entries);
      }
    });
    return { success: true as const, message: 'تم حفظ خيارات القوائم بنجاح', ...(await this.lists()) };
  }
}
