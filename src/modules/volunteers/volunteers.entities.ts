import { VolunteerPickupEntity } from './entities/volunteer-pickup.entity';
import { VolunteerEntity } from './entities/volunteer.entity';

export const volunteersEntities = [VolunteerEntity, VolunteerPickupEntity];
