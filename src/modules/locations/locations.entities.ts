import { LocationAreaEntity } from './entities/location-area.entity';
import { LocationDistrictEntity } from './entities/location-district.entity';
import { LocationStreetEntity } from './entities/location-street.entity';
import { SimpleAreaEntity } from './entities/simple-area.entity';
import { SimpleDistrictEntity } from './entities/simple-district.entity';

export const locationsEntities = [SimpleAreaEntity, SimpleDistrictEntity, LocationAreaEntity, LocationDistrictEntity, LocationStreetEntity];
