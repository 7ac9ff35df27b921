import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/public.decorator';
import { HealthDetails, HealthReport, HealthService } from './health.service';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * For load balancers and supervisors: 200 while the api can serve (database, Redis and the queue
   * answer), even when delivery is behind ("degraded"); 503 otherwise, naming what is down. No figures.
   */
  @Public()
  @Get('health')
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await this.health.check();
    reply.status(report.status === 'error' ? 503 : 200);
    return report;
  }

  /** The same for administrators, with the figures: queue counts, workers' heartbeats, lag, the pause. */
  @Get('admin/health')
  detailed(): Promise<HealthDetails> {
    return this.health.detailed();
  }
}
