import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DROPDOWN_TYPES } from '../../../database/seeds/data/dropdowns';
import { ContentSettingEntity } from '../entities/content-setting.entity';
import { DropdownOptionEntity } from '../entities/dropdown-option.entity';

export interface OptionItem {
  value: string;
  label: string;
}

export interface PublicDropdownOptions {
  eventTypes: OptionItem[];
  foodTypes: OptionItem[];
  importantPlaces: OptionItem[];
}

export interface ContentItem {
  key: string;
  value: string | null;
}

/** What the public site reads from content_settings and dropdown_options (active rows only). */
@Injectable()
export class PublicContentService {
  constructor(
    @InjectRepository(ContentSettingEntity) private readonly content: Repository<ContentSettingEntity>,
    @InjectRepository(DropdownOptionEntity) private readonly options: Repository<DropdownOptionEntity>,
  ) {}

  async contentItems(): Promise<ContentItem[]> {
    const rows = await this.content.find({ select: { key: true, value: true }, order: { key: 'ASC' } });
    return rows.map((r) => ({ key: r.key, value: r.value }));
  }

  async dropdownOptions(): Promise<PublicDropdownOptions> {
    const rows = await this.options.find({
      select: { type: true, value: true, label: true },
      where: { isActive: true },
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
    const of = (type: string): OptionItem[] => rows.filter((r) => r.type === type).map((r) => ({ value: r.value, label: r.label }));
    return {
      eventTypes: of(DROPDOWN_TYPES.eventType),
      foodTypes: of(DROPDOWN_TYPES.foodType),
      importantPlaces: of(DROPDOWN_TYPES.importantPlace),
    };
  }
}
