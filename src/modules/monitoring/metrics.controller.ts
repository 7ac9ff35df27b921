import { Controller, Get, Headers, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/public.decorator';
import { MetricsService } from './metrics.service';
import { ApiErrors, ApiOk, ApiSection, errorsOf } from '../../common/openapi/api-answers';
import { MonitoringErrors } from './monitoring-errors';

/** Prometheus's scrape target, outside /api (bootstrap excludes it from the prefix). */
@ApiSection('monitoring')
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** No administrator session: Prometheus sends `Authorization: Bearer $METRICS_TOKEN` instead. */
  @Public()
  @Get('metrics')
  @ApiOk('مقاييس Prometheus نصاً (خارج /api، برمز METRICS_TOKEN لا بجلسة مشرف)')
  @ApiErrors(errorsOf(MonitoringErrors, 'METRICS_TOKEN_INVALID'))
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { contentType, body } = await this.metrics.render(authorization);
    reply.header('content-type', contentType).header('cache-control', 'no-store');
    return body;
  }
}
