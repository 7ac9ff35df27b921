import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { safeEqual, sha256Hex } from '../../common/crypto/secrets';
import { MetricsRegistry } from './metrics-registry';
import { MonitoringErrors } from './monitoring-errors';
import { SharedFiguresReader } from './shared-figures';

/** GET /metrics: the bearer token checked, then the registry rendered with the shared figures. */
@Injectable()
export class MetricsService {
  private readonly expected: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: MetricsRegistry,
    private readonly shared: SharedFiguresReader,
  ) {
    // Compared as digests: equal lengths, so the comparison's time tells nothing about the token.
    this.expected = sha256Hex(config.metricsToken ?? '');
  }

  async render(authorization: string | undefined): Promise<{ contentType: string; body: string }> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match || !safeEqual(sha256Hex(match[1]), this.expected)) {
      throw MonitoringErrors.METRICS_TOKEN_INVALID(undefined, { headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
    }
    return { contentType: this.metrics.contentType, body: await this.metrics.render(await this.shared.read()) };
  }
}
