import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AdminLocations } from '../../../shared/api/content-admin';
import { SimpleAreaEntity } from '../entities/simple-area.entity';
import { SimpleDistrictEntity } from '../entities/simple-district.entity';

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

  async insertDistrict(areaValue: string, name: string, value: string) {
    const row = await this.db.getRepository(SimpleDistrictEntity).save({ areaValue, name, value, isActive: true });
    return { id: row.id, name: row.name, value: row.value, areaValue: row.areaValue };
  }

  async deleteDistrict(id: number): Promise<boolean> {
    const result = await this.db.getRepository(SimpleDistrictEntity).delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
