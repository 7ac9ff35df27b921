import { DynamicModule, Module, Provider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { messagingEntities } from './messaging.entities';
import { AdminNumbersService } from './admin-numbers.service';
import { DeliveryWorker } from './jobs/delivery.worker';
import { OutboxSweeper } from './jobs/outbox-sweeper';
import { WorkerHeartbeat } from './jobs/worker-heartbeat';
import { WorkerHeartbeatRepository } from './jobs/worker-heartbeat.repository';
import { DeliveryHealth } from './jobs/delivery-health';
import { DeliveryMetrics } from './jobs/delivery-metrics';
import { DeliveryService } from './outbox/delivery.service';
import { DeliveryRepository } from './outbox/delivery.repository';
import { DeliveryRecorder } from './outbox/delivery-recorder';
import { DeliveryPolicy } from './outbox/delivery-policy';
import { ConversationsRepository } from './outbox/conversations.repository';
import { ReconcileService } from './outbox/reconcile.service';
import { SendRate } from './outbox/send-rate';
import { DeliveryCircuit } from './circuit/delivery-circuit';
import { DeliveryCircuitRepository } from './circuit/delivery-circuit.repository';
import { OutboxService } from './outbox/outbox.service';
import { OutboxRepository } from './outbox/outbox.repository';
import { OutboxWriter } from '../../database/unit-of-work';
import { ConsoleWhatsAppDriver } from './providers/console-whatsapp.driver';
import { WHATSAPP_PROVIDER, WhatsAppProvider } from './providers/whatsapp-provider';
import { TemplateRegistry } from './templates/template-registry';
import { TemplatesRepository } from './templates/templates.repository';
import { QuickMessagesController } from './quick-messages/quick-messages.controller';
import { QuickMessagesService } from './quick-messages/quick-messages.service';
import { QuickMessagesRepository } from './quick-messages/quick-messages.repository';
import { AckAllowance } from './quick-messages/ack-allowance';
import { StatusReplies } from './webhooks/status-replies';
import { TwilioWhatsAppDriver } from './providers/twilio-whatsapp.driver';
import { MetaWhatsAppDriver } from './providers/meta-whatsapp.driver';
import { WhatsAppAdminController } from './admin/whatsapp-admin.controller';
import { WhatsAppAdminService } from './admin/whatsapp-admin.service';
import { WhatsAppAdminRepository } from './admin/whatsapp-admin.repository';
import { QuickMessagesAdminController } from './quick-messages-admin/quick-messages-admin.controller';
import { QuickMessagesAdminService } from './quick-messages-admin/quick-messages-admin.service';
import { TemplateSidsSync } from './templates/template-sids.sync';
import { TwilioWebhooksController } from './webhooks/twilio-webhooks.controller';
import { WhatsAppEventsRepository } from './webhooks/whatsapp-events.repository';
import { WhatsAppEventsService } from './webhooks/whatsapp-events.service';
import { MetaWebhooksController } from './webhooks/meta-webhooks.controller';
import { MetaWebhooksService } from './webhooks/meta-webhooks.service';
import { ConsentRepository } from './consent/consent.repository';
import { QuickMessagesAdminRepository } from './quick-messages-admin/quick-messages-admin.repository';
import { TwilioWebhooksService } from './webhooks/twilio-webhooks.service';
import { TWILIO_STATUS_CALLBACK_PATH } from './webhooks/twilio-signature';
import { DeliveryViewController } from './delivery-view/delivery-view.controller';
import { DeliveryViewRepository } from './delivery-view/delivery-view.repository';
import { DeliveryViewService } from './delivery-view/delivery-view.service';

function providerFactory(config: AppConfig): WhatsAppProvider {
  switch (config.whatsapp.provider) {
    case 'console':
      return new ConsoleWhatsAppDriver(config.nodeEnv, config.whatsapp.consoleLogFile, config.nodeEnv === 'test' ? null : process.stdout);
    case 'twilio': {
      const { accountSid, authToken, from, baseUrl, timeoutMs } = config.whatsapp.twilio;
      if (!accountSid || !authToken || !from)
        throw new Error('WHATSAPP_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
      return new TwilioWhatsAppDriver({
        accountSid,
        authToken,
        from,
        baseUrl,
        timeoutMs,
        statusCallbackUrl: config.whatsapp.publicBaseUrl ? `${config.whatsapp.publicBaseUrl}${TWILIO_STATUS_CALLBACK_PATH}` : undefined,
      });
    }
    case 'meta': {
      const { accessToken, phoneNumberId, graphBaseUrl, apiVersion, timeoutMs } = config.whatsapp.meta;
      if (!accessToken || !phoneNumberId) throw new Error('WHATSAPP_PROVIDER=meta needs META_ACCESS_TOKEN and META_PHONE_NUMBER_ID');
      return new MetaWhatsAppDriver({ accessToken, phoneNumberId, graphBaseUrl, apiVersion, timeoutMs });
    }
    default:
      throw new Error(`WhatsApp provider "${config.whatsapp.provider}" is not available in this build`);
  }
}

/**
 * WhatsApp messaging: the outbox API for other modules, the provider drivers, and (in a worker) the
 * delivery processor and the sweeper.
 */
@Module({})
export class MessagingModule {
  static register(options: { worker: boolean }): DynamicModule {
    const workerProviders: Provider[] = options.worker ? [DeliveryWorker, OutboxSweeper, WorkerHeartbeat] : [];
    return {
      module: MessagingModule,
      global: true,
      imports: [TypeOrmModule.forFeature(messagingEntities)],
      controllers: [
        QuickMessagesController,
        TwilioWebhooksController,
        MetaWebhooksController,
        WhatsAppAdminController,
        QuickMessagesAdminController,
        DeliveryViewController,
      ],
      providers: [
        DeliveryViewRepository,
        DeliveryViewService,
        WhatsAppEventsService,
        WhatsAppEventsRepository,
        TwilioWebhooksService,
        MetaWebhooksService,
        ConsentRepository,
        QuickMessagesAdminRepository,
        WhatsAppAdminService,
        WhatsAppAdminRepository,
        QuickMessagesAdminService,
        TemplateSidsSync,
        { provide: WHATSAPP_PROVIDER, inject: [APP_CONFIG], useFactory: providerFactory },
        TemplateRegistry,
        TemplatesRepository,
        OutboxService,
        OutboxRepository,
        { provide: OutboxWriter, useExisting: OutboxService },
        DeliveryService,
        DeliveryRepository,
        DeliveryRecorder,
        DeliveryPolicy,
        ConversationsRepository,
        ReconcileService,
        SendRate,
        DeliveryCircuit,
        DeliveryCircuitRepository,
        WorkerHeartbeatRepository,
        DeliveryHealth,
        DeliveryMetrics,
        AdminNumbersService,
        QuickMessagesService,
        QuickMessagesRepository,
        AckAllowance,
        StatusReplies,
        ...workerProviders,
      ],
      exports: [
        ConsentRepository,
        OutboxService,
        OutboxWriter,
        AdminNumbersService,
        TemplateRegistry,
        WHATSAPP_PROVIDER,
        DeliveryService,
        DeliveryCircuit,
        DeliveryHealth,
        DeliveryMetrics,
      ],
    };
  }
}
