import { ActivityLogEntity } from './activity-log/activity-log.entity';
import { contentEntities } from '../modules/content/content.entities';
import { locationsEntities } from '../modules/locations/locations.entities';
import { messagingEntities } from '../modules/messaging/messaging.entities';
import { reportsEntities } from '../modules/reports/reports.entities';
import { requestsEntities } from '../modules/requests/requests.entities';
import { securityEntities } from '../modules/security/security.entities';
import { systemEntities } from '../modules/system/system.entities';
import { volunteersEntities } from '../modules/volunteers/volunteers.entities';

/** Every TypeORM entity of the application, for the DataSource and TypeOrmModule.forRoot. */
export const allEntities = [
  ...requestsEntities,
  ...locationsEntities,
  ...contentEntities,
  ...messagingEntities,
  ...securityEntities,
  ...reportsEntities,
  ...systemEntities,
  ...volunteersEntities,
  ActivityLogEntity,
];
