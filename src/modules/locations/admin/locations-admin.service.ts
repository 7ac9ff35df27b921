import { Injectable } from '@nestjs/common';
import { DomainException } from '../../../common/errors/domain.exception';
import type { AdminLocations } from '../../../shared/api/content-admin';
import { valueForLabel } from '../../../shared/dropdown-rules';
import { LocationsAdminRepository } from './locations-admin.repository';

const DISTRICT_REQUIRED = 'يرجى إدخال اسم الحي واختيار المنطقة';
const DISTRICT_TAKEN = 'هذا الحي موجود في المنطقة';

/** Districts under the areas (spec: admin-side section 2, Locations). */
@Injectable()
export class LocationsAdminService {
  constructor(private readonly repo: LocationsAdminRepository) {}

  all(): Promise<AdminLocations> {
    return this.repo.all();
  }

  async addDistrict(rawName: string, areaValue: string) {
    const name = rawName.trim().replace(/\s+/g, ' ');
    if (!name || !areaValue)
      throw DomainException.validation(
        { ...(name ? {} : { name: DISTRICT_REQUIRED }), ...(areaValue ? {} : { areaValue: DISTRICT_REQUIRED }) },
        DISTRICT_REQUIRED,
      );
    if (!(await this.repo.areaExists(areaValue))) throw DomainException.validation({ areaValue: 'المنطقة غير موجودة' });
    if (await this.repo.districtNameTaken(areaValue, name)) throw DomainException.validation({ name: DISTRICT_TAKEN });
    // Requests store the value; a hash of the name keeps it stable and unique within the area.
    let value = valueForLabel(name);
    if (await this.repo.valueTaken(areaValue, value)) value = `${value}_${Date.now().toString(36)}`;
    const district = await this.repo.insertDistrict(areaValue, name, value);
    // Added by another administrator since the check above: the same refusal as the check's.
    if (!district) throw DomainException.validation({ name: DISTRICT_TAKEN });
    return { success: true as const, message: 'تمت إضافة الحي بنجاح', district };
  }

  async deleteDistrict(id: number) {
    if (!(await this.repo.deleteDistrict(id))) throw DomainException.notFound('الحي غير موجود');
    return { success: true as const, message: 'تم حذف الحي بنجاح' };
  }
}
