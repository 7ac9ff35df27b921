import { VolunteerEntity } from './entities/volunteer.entity';

export const volunteersEntities = [VolunteerEntity];
