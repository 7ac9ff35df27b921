import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/public.decorator';
import { HealthDetails, HealthReport, HealthService } from './health.service';
import { ApiOk, ApiSection } from '../../common/openapi/api-answers';
import { ApiResponse } from '@nestjs/swagger';

@ApiSection('system')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * For load balancers and supervisors: 200 while the api can serve (database, Redis and the queue
   * answer), even when delivery is behind ("degraded"); 503 otherwise, naming what is down. No figures.
   */
  @Public()
  @Get('health')
  @ApiOk('الخدمة تعمل: status ok أو degraded (التسليم متأخر)')
  @ApiResponse({
    status: 503,
    description: 'قاعدة البيانات أو Redis أو الطابور لا يجيب',
    examples: { error: { summary: 'status: error', value: { status: 'error' } } },
  })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await this.health.check();
    reply.status(report.status === 'error' ? 503 : 200);
    return report;
  }

  /** The same for administrators, with the figures: queue counts, workers' heartbeats, lag, the pause. */
  @Get('admin/health')
  @ApiOk('التفاصيل للمشرف: أعداد الطوابير ونبض العمال والتأخر')
  detailed(): Promise<HealthDetails> {
    return this.health.detailed();
  }
}
