import { Injectable } from '@nestjs/common';
import { eventTypeLabel, placeGroupOf, type ImportantPlaceGroup } from '../../../shared/labels';
import { LIST_TYPES } from '../admin/content-admin.repository';
import { PublicContentRepository } from './public-content.repository';
import type { DbScope } from '../../../database/db-scope';

export interface OptionItem {
  value: string;
  label: string;
}

/** An important place as the public form lists it: under its stored group. */
export interface PlaceOptionItem extends OptionItem {
  group: ImportantPlaceGroup;
}

export interface PublicDropdownOptions {
  eventTypes: OptionItem[];
  foodTypes: OptionItem[];
  importantPlaces: PlaceOptionItem[];
}

export interface ContentItem {
  key: string;
  value: string | null;
}

/** What the public site reads from content_settings and dropdown_options (active rows only). */
@Injectable()
export class PublicContentService {
  constructor(private readonly repo: PublicContentRepository) {}

  async contentItems(): Promise<ContentItem[]> {
    const rows = await this.repo.contentItems();
    return rows.map((r) => ({ key: r.key, value: r.value }));
  }

  /** An event type's Arabic label as the charity named it (built-in label, then the value, as fallbacks). */
  async eventTypeLabel(value: string, scope?: DbScope): Promise<string> {
    return (await this.repo.optionLabel(LIST_TYPES.eventTypes, value, scope)) ?? eventTypeLabel(value);
  }

  async dropdownOptions(): Promise<PublicDropdownOptions> {
    const rows = await this.repo.activeOptions();
    const of = (type: string): OptionItem[] => rows.filter((r) => r.type === type).map((r) => ({ value: r.value, label: r.label }));
    return {
      eventTypes: of(LIST_TYPES.eventTypes),
      foodTypes: of(LIST_TYPES.foodTypes),
      importantPlaces: rows
        .filter((r) => r.type === LIST_TYPES.importantPlaces)
        .map((r) => ({ value: r.value, label: r.label, group: placeGroupOf(r.group) })),
    };
  }
}
