import { Controller, Get, Headers, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/public.decorator';
import { MetricsService } from './metrics.service';

/** Prometheus's scrape target, outside /api (bootstrap excludes it from the prefix). */
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** No administrator session: Prometheus sends `Authorization: Bearer $METRICS_TOKEN` instead. */
  @Public()
  @Get('metrics')
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { contentType, body } = await this.metrics.render(authorization);
    reply.header('content-type', contentType).header('cache-control', 'no-store');
    return body;
  }
}
