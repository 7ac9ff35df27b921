import { AssuranceAttemptEntity } from './entities/assurance-attempt.entity';
import { AssuranceEventEntity } from './entities/assurance-event.entity';
import { AssuranceNotificationGroupEntity } from './entities/assurance-notification-group.entity';
import { AssuranceRecipientEntity } from './entities/assurance-recipient.entity';
import { AssuranceTemplateEntity } from './entities/assurance-template.entity';
import { NotificationLogEntity } from './entities/notification-log.entity';
import { QuickMessageEntity } from './entities/quick-message.entity';
import { WhatsappOptInEntity } from './entities/whatsapp-opt-in.entity';

export const messagingEntities = [
  QuickMessageEntity,
  WhatsappOptInEntity,
  NotificationLogEntity,
  AssuranceTemplateEntity,
  AssuranceNotificationGroupEntity,
  AssuranceRecipientEntity,
  AssuranceAttemptEntity,
  AssuranceEventEntity,
];
