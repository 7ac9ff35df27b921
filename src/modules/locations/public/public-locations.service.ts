import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SimpleAreaEntity } from '../entities/simple-area.entity';
import { SimpleDistrictEntity } from '../entities/simple-district.entity';

export interface SimpleLocationOptions {
  areas: { name: string; value: string }[];
  districts: { id: number; name: string; value: string; areaValue: string }[];
}

/** The public form's areas and districts (active rows only). */
@Injectable()
export class PublicLocationsService {
  constructor(
    @InjectRepository(SimpleAreaEntity) private readonly areas: Repository<SimpleAreaEntity>,
    @InjectRepository(SimpleDistrictEntity) private readonly districts: Repository<SimpleDistrictEntity>,
  ) {}

  async simpleOptions(): Promise<SimpleLocationOptions> {
    const [areas, districts] = await Promise.all([
      this.areas.find({ where: { isActive: true }, order: { id: 'ASC' } }),
      this.districts.find({ where: { isActive: true }, order: { id: 'ASC' } }),
    ]);
    const activeAreas = new Set(areas.map((a) => a.value));
    return {
      areas: areas.map((a) => ({ name: a.name, value: a.value })),
      districts: districts
        .filter((d) => activeAreas.has(d.areaValue))
        .map((d) => ({ id: d.id, name: d.name, value: d.value, areaValue: d.areaValue })),
    };
  }
}
