import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AdminLocations } from '../../../shared/api/content-admin';
import { SimpleAreaEntity } from '../entities/simple-area.entity';
import { SimpleDistrictEntity } from '../entities/simple-district.entity';

/** PostgreSQL's unique_violation (23505) on a district's value within its area. */
function isDistrictValueTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const cause = e?.driverError ?? e;
  return cause?.code === '23505' && cause.constraint === 'UQ_simple_districts_value_area_value';
}

/** Areas and districts as the administrators edit them. */
@Injectable()
export class LocationsAdminRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async all(): Promise<AdminLocations> {
    const [areas, districts] = await Promise.all([
      this.db.getRepository(SimpleAreaEntity).find({ order: { id: 'ASC' } }),
      this.db.getRepository(SimpleDistrictEntity).find({ order: { name: 'ASC', id: 'ASC' } }),
    ]);
    return {
      areas: areas.map((a) => ({ value: a.value, name: a.name })),
      districts: districts.map((d) => ({ id: d.id, name: d.name, value: d.value, areaValue: d.areaValue })),
    };
  }

  async areaExists(value: string): Promise<boolean> {
    return (await this.db.getRepository(SimpleAreaEntity).count({ where: { value } })) > 0;
  }

  async districtNameTaken(areaValue: string, name: string): Promise<boolean> {
    return (await this.db.getRepository(SimpleDistrictEntity).count({ where: { areaValue, name } })) > 0;
  }

  async valueTaken(areaValue: string, value: string): Promise<boolean> {
    return (await this.db.getRepository(SimpleDistrictEntity).count({ where: { areaValue, value } })) > 0;
  }

  /**
   * The new district, or null when the area already has its value: another administrator added the
   * same district between the caller's check and this insert (UQ_simple_districts_value_area_value).
   */
  async insertDistrict(areaValue: string, name: string, value: string): Promise<AdminLocations['districts'][number] | null> {
    try {
      const row = await this.db.getRepository(SimpleDistrictEntity).save({ areaValue, name, value, isActive: true });
      return { id: row.id, name: row.name, value: row.value, areaValue: row.areaValue };
    } catch (error) {
      if (isDistrictValueTaken(error)) return null;
      throw error;
    }
  }

  async deleteDistrict(id: number): Promise<boolean> {
    const result = await this.db.getRepository(SimpleDistrictEntity).delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
