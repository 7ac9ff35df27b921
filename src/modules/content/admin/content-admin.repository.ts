import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ImportantPlace } from '../../../shared/api/content-admin';
import { placeGroupOf, type ImportantPlaceGroup } from '../../../shared/labels';
import { ContentSettingEntity, ContentType } from '../entities/content-setting.entity';
import { DropdownOptionEntity } from '../entities/dropdown-option.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** The stored `type` of each dropdown list in dropdown_options. */
export const LIST_TYPES = { eventTypes: 'eventType', foodTypes: 'foodType', importantPlaces: 'importantPlace' } as const;

const PLACE_COLUMNS = `id, value, label, place_group AS "group", is_active AS "isActive", sort_order AS "sortOrder", latitude, longitude`;

interface PlaceRow {
  id: number;
  value: string;
  label: string;
  group: string | null;
  isActive: boolean;
  sortOrder: number;
  latitude: number | null;
  longitude: number | null;
}

function toPlace(row: PlaceRow | DropdownOptionEntity): ImportantPlace {
  return {
    id: row.id,
    value: row.value,
    label: row.label,
    group: placeGroupOf(row.group),
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    latitude: row.latitude ?? null,
    longitude: row.longitude ?? null,
  };
}

/** Content settings and dropdown options as the administrators edit them. */
@Injectable()
export class ContentAdminRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async contentKeyExists(key: string): Promise<boolean> {
    return (await this.db.getRepository(ContentSettingEntity).count({ where: { key } })) > 0;
  }

  async saveContent(key: string, value: string, type: ContentType): Promise<void> {
    await this.db.getRepository(ContentSettingEntity).update({ key }, { value, type });
  }

  /** Every option of one list type, active or not, in display order. */
  options(type: string, scope?: DbScope): Promise<DropdownOptionEntity[]> {
    const manager = scope ? managerOf(scope) : this.db.manager;
    return manager.getRepository(DropdownOptionEntity).find({ where: { type }, order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  /**
   * Makes the active list of `type` exactly `entries` in this order: known labels keep their stable value,
   * new ones are inserted, missing ones are deactivated (old requests still show their label).
   */
  async replaceList(scope: DbScope, type: string, entries: { value: string; label: string }[]): Promise<void> {
    const manager = managerOf(scope);
    const repo = manager.getRepository(DropdownOptionEntity);
    await repo.update({ type }, { isActive: false });
    for (const [index, entry] of entries.entries()) {
      await manager.query(
        `INSERT INTO dropdown_options (type, value, label, is_active, sort_order) VALUES ($1, $2, $3, true, $4)
         ON CONFLICT (type, value) DO UPDATE SET label = EXCLUDED.label, is_active = true, sort_order = EXCLUDED.sort_order, updated_at = now()`,
        [type, entry.value, entry.label, index + 1],
      );
    }
  }

  async places(): Promise<ImportantPlace[]> {
    const rows = await this.options(LIST_TYPES.importantPlaces);
    return rows.map(toPlace);
  }

  /**
   * Adds a place at the end of the list; null when its value is taken (the unique index decides, so two
   * administrators adding at once never both get the same code).
   */
  async insertPlace(place: {
    value: string;
    label: string;
    group: ImportantPlaceGroup;
    position: { latitude: number; longitude: number } | null;
  }): Promise<ImportantPlace | null> {
    const rows = (await this.db.query(
      `INSERT INTO dropdown_options (type, value, label, place_group, latitude, longitude, is_active, sort_order)
       VALUES ($1::varchar, $2, $3, $4, $5, $6, true,
               (SELECT coalesce(max(sort_order), 0) + 1 FROM dropdown_options WHERE type = $1::varchar))
       ON CONFLICT (type, value) DO NOTHING
       RETURNING ${PLACE_COLUMNS}`,
      [
        LIST_TYPES.importantPlaces,
        place.value,
        place.label,
        place.group,
        place.position?.latitude ?? null,
        place.position?.longitude ?? null,
      ],
    )) as PlaceRow[];
    return rows.length ? toPlace(rows[0]) : null;
  }

  /**
   * Changes a place; an undefined value, group or position keeps what is stored (a null position clears
   * it). 'value_taken' when the new value belongs to another place.
   */
  async updatePlace(
    id: number,
    changes: {
      label: string;
      isActive: boolean;
      value?: string;
      group?: ImportantPlaceGroup;
      position?: { latitude: number; longitude: number } | null;
    },
  ): Promise<'updated' | 'missing' | 'value_taken'> {
    const keepPosition = changes.position === undefined;
    try {
      const rows = (await this.db.query(
        `UPDATE dropdown_options
            SET label = $3, is_active = $4, value = coalesce($5, value), place_group = coalesce($6, place_group),
                latitude = CASE WHEN $7 THEN latitude ELSE $8 END, longitude = CASE WHEN $7 THEN longitude ELSE $9 END,
                updated_at = now()
          WHERE id = $1 AND type = $2
          RETURNING id`,
        [
          id,
          LIST_TYPES.importantPlaces,
          changes.label,
          changes.isActive,
          changes.value ?? null,
          changes.group ?? null,
          keepPosition,
          changes.position?.latitude ?? null,
          changes.position?.longitude ?? null,
        ],
      )) as [unknown[], number] | unknown[];
      const affected = Array.isArray(rows[0]) ? (rows[0] as unknown[]).length : rows.length;
      return affected ? 'updated' : 'missing';
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return 'value_taken';
      throw error;
    }
  }

  async deletePlace(id: number): Promise<boolean> {
    const result = await this.db.getRepository(DropdownOptionEntity).delete({ id, type: LIST_TYPES.importantPlaces });
    return (result.affected ?? 0) > 0;
  }
}
