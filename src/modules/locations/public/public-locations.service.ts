import { Injectable } from '@nestjs/common';
import { PublicLocationsRepository } from './public-locations.repository';

export interface SimpleLocationOptions {
  areas: { name: string; value: string }[];
  districts: { id: number; name: string; value: string; areaValue: string }[];
}

/** The public form's areas and districts (active rows only). */
@Injectable()
export class PublicLocationsService {
  constructor(private readonly repo: PublicLocationsRepository) {}

  async simpleOptions(): Promise<SimpleLocationOptions> {
    const [areas, districts] = await Promise.all([this.repo.activeAreas(), this.repo.activeDistricts()]);
    const activeAreas = new Set(areas.map((a) => a.value));
    return {
      areas: areas.map((a) => ({ name: a.name, value: a.value })),
      districts: districts
        .filter((d) => activeAreas.has(d.areaValue))
        .map((d) => ({ id: d.id, name: d.name, value: d.value, areaValue: d.areaValue })),
    };
  }
}
