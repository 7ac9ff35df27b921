import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SimpleAreaEntity } from '../entities/simple-area.entity';
import { SimpleDistrictEntity } from '../entities/simple-district.entity';

/** simple_areas and simple_districts as the public form reads them. */
@Injectable()
export class PublicLocationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  activeAreas(): Promise<SimpleAreaEntity[]> {
    return this.db.getRepository(SimpleAreaEntity).find({ where: { isActive: true }, order: { id: 'ASC' } });
  }

  activeDistricts(): Promise<SimpleDistrictEntity[]> {
    return this.db.getRepository(SimpleDistrictEntity).find({ where: { isActive: true }, order: { id: 'ASC' } });
  }
}
