import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { concatMap, Observable } from 'rxjs';
import { currentRequest } from '../../../common/http/request-context';
import { APP_LOGGER } from '../../../common/logging/logger';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';

/** What each administrator call that changes state is called in the activity log (`METHOD /route`). */
export const AUDITED_ACTIONS: Readonly<Record<string, { action: string; entityType?: string }>> = {
  'POST /api/content': { action: 'content_updated', entityType: 'content' },
  'PUT /api/admin/dropdown-options': { action: 'dropdown_options_updated', entityType: 'dropdown_options' },
  'POST /api/admin/important-places': { action: 'important_place_created', entityType: 'important_place' },
  'PUT /api/admin/important-places/:id': { action: 'important_place_updated', entityType: 'important_place' },
  'DELETE /api/admin/important-places/:id': { action: 'important_place_deleted', entityType: 'important_place' },
  'POST /api/admin/simple-locations/districts': { action: 'district_created', entityType: 'district' },
  'DELETE /api/admin/simple-locations/districts/:id': { action: 'district_deleted', entityType: 'district' },
  'PUT /api/admin/stickers/:id': { action: 'sticker_updated', entityType: 'sticker' },
  'POST /api/admin/stickers/:id/toggle': { action: 'sticker_toggled', entityType: 'sticker' },
  'PATCH /api/admin/governance/:id/toggle': { action: 'governance_toggled', entityType: 'governance' },
  'POST /api/system/toggle-site-block': { action: 'site_block_toggled', entityType: 'system_settings' },
  'POST /api/system/toggle-verification': { action: 'verification_toggled', entityType: 'system_settings' },
  'POST /api/admin/toggle-template-mode': { action: 'template_mode_toggled', entityType: 'system_settings' },
  'POST /api/admin/whatsapp-numbers': { action: 'admin_numbers_updated', entityType: 'system_settings' },
  'POST /api/admin/whatsapp/auto-response-variables': { action: 'auto_reply_variable_updated', entityType: 'system_settings' },
  'POST /api/admin/test-whatsapp-single': { action: 'whatsapp_test_sent', entityType: 'whatsapp' },
  'POST /api/admin/test-whatsapp-broadcast': { action: 'whatsapp_test_sent', entityType: 'whatsapp' },
  'POST /api/admin/quick-messages/:id/reply': { action: 'quick_message_replied', entityType: 'quick_message' },
  'POST /api/admin/quick-messages/:id/retry': { action: 'quick_message_retried', entityType: 'quick_message' },
  'DELETE /api/admin/quick-messages': { action: 'quick_messages_deleted', entityType: 'quick_message' },
  'PATCH /api/admin/quick-messages/:id': { action: 'quick_message_updated', entityType: 'quick_message' },
  'POST /api/requests/bulk': { action: 'requests_bulk_action', entityType: 'request' },
  'POST /api/admin/emergency-access-codes': { action: 'emergency_code_created', entityType: 'emergency_code' },
  'PATCH /api/admin/emergency-access-codes/:id': { action: 'emergency_code_updated', entityType: 'emergency_code' },
  'DELETE /api/admin/emergency-access-codes/:id': { action: 'emergency_code_deleted', entityType: 'emergency_code' },
  'POST /api/security/alerts/:id/resolve': { action: 'security_alert_resolved', entityType: 'security_alert' },
  'POST /api/security/unfreeze': { action: 'account_unfrozen', entityType: 'user' },
  'POST /api/admin/confirm-password-change': { action: 'password_changed', entityType: 'user' },
  'POST /api/auth/logout': { action: 'logout', entityType: 'session' },
};

/** Calls that change nothing worth a row (links and tickets; their use is recorded where it happens). */
const NOT_AUDITED = new Set([
  'POST /api/admin/stickers/upload-url',
  'POST /api/admin/governance/upload-url',
  'POST /api/statistics/generate',
  'POST /api/statistics/export-ticket',
  'POST /api/requests/export-ticket',
  'POST /api/admin/request-password-change',
]);

/**
 * The activity log's safety net: every administrator call that changes state and succeeds leaves a row
 * (who, what, when, IP, browser), unless its service already wrote a richer one in its own transaction.
 * Bodies are never copied (they can hold passwords and codes); the row names the route and the id.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly activity: ActivityLogService,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return next.handle();
    // Written before the answer goes out, so a client that reads the log next finds its own change.
    return next.handle().pipe(
      concatMap(async (value: unknown) => {
        await this.audit(request);
        return value;
      }),
    );
  }

  private async audit(request: FastifyRequest): Promise<void> {
    const store = currentRequest();
    if (!store?.userId || store.activityRecorded) return;
    const route = `${request.method} ${request.routeOptions?.url ?? request.url.split('?')[0]}`;
    if (NOT_AUDITED.has(route)) return;
    const known = AUDITED_ACTIONS[route];
    const params = (request.params ?? {}) as Record<string, string>;
    try {
      await this.activity.recordNow({
        action: known?.action ?? 'admin_call',
        entityType: known?.entityType,
        entityId: params.id,
        metadata: known ? { route } : { route, note: 'a call without a named action yet' },
      });
    } catch (error) {
      this.logger.warn({ err: error, route }, 'could not write the activity row of an administrator call');
    }
  }
}
