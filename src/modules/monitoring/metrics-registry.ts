import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { SharedFigures } from './shared-figures';

const CIRCUIT_STATES = ['closed', 'open', 'probing'] as const;

/** The route label: the route's pattern for the API (never the raw URL); every other answer by its kind. */
export function routeLabel(pattern: string | undefined): string {
  if (!pattern) return '(no route)';
  if (pattern.startsWith('/api/') || pattern === '/metrics') return pattern;
  return '(static)';
}

/**
 * One Prometheus registry per api process: its own HTTP and process figures (prom-client's default
 * metrics), and the shared ones, set from a SharedFigures snapshot just before each rendering.
 */
export class MetricsRegistry {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly sharedUp: Gauge;
  private readonly outbox: Gauge<'state'>;
  private readonly lag: Gauge;
  private readonly circuit: Gauge<'state'>;
  private readonly paused: Gauge;
  private readonly workers: Gauge;
  private readonly jobs: Gauge<'state'>;
  private readonly deliveries: Counter<'outcome'>;
  private readonly loginFailures: Counter<'reason'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'charity_http_requests_total',
      help: 'HTTP requests answered by this api process, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'charity_http_request_duration_seconds',
      help: 'Time this api process took to answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.sharedUp = new Gauge({
      name: 'charity_shared_figures_up',
      help: '1 when the figures shared by every process (outbox, workers, counters) could be read at this scrape',
      registers,
    });
    this.outbox = new Gauge({
      name: 'charity_outbox_messages',
      help: 'WhatsApp messages waiting to be sent (queued) and being sent (sending)',
      labelNames: ['state'],
      registers,
    });
    this.lag = new Gauge({ name: 'charity_outbox_lag_seconds', help: 'How long the oldest due message has waited (0: none)', registers });
    this.circuit = new Gauge({
      name: 'charity_delivery_circuit_state',
      help: 'The provider circuit: 1 for its current state (closed: sending; open: paused after provider faults; probing: one message tests the provider)',
      labelNames: ['state'],
      registers,
    });
    this.paused = new Gauge({ name: 'charity_delivery_paused', help: '1 while sending is paused by the provider circuit', registers });
    this.workers = new Gauge({
      name: 'charity_workers_alive',
      help: 'Delivery workers with a heartbeat in the last 30 seconds',
      registers,
    });
    this.jobs = new Gauge({
      name: 'charity_queue_jobs',
      help: 'Jobs of the delivery queue in Redis, by state',
      labelNames: ['state'],
      registers,
    });
    this.deliveries = new Counter({
      name: 'charity_whatsapp_deliveries_total',
      help: 'Delivery jobs handled by every worker, by outcome (sent, retry, failed, deferred, paused, cancelled, skipped, error)',
      labelNames: ['outcome'],
      registers,
    });
    this.loginFailures = new Counter({
      name: 'charity_login_failures_total',
      help: 'Failed administrator sign-in steps (password, code, emergency access), by reason',
      labelNames: ['reason'],
      registers,
    });
  }

  /** One answered request (Fastify's onResponse). */
  observe(method: string, pattern: string | undefined, status: number, elapsedMs: number): void {
    const labels = { method, route: routeLabel(pattern), status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, elapsedMs / 1000);
  }

  /** The text Prometheus reads, with the shared figures of `figures` (null: they could not be read). */
  async render(figures: SharedFigures | null): Promise<string> {
    for (const metric of [this.outbox, this.lag, this.circuit, this.paused, this.workers, this.jobs, this.deliveries, this.loginFailures]) {
      metric.reset();
    }
    this.sharedUp.set(figures ? 1 : 0);
    if (figures) {
      const d = figures.delivery;
      this.outbox.set({ state: 'queued' }, d.outbox.queued);
      this.outbox.set({ state: 'sending' }, d.outbox.sending);
      this.lag.set(d.lagSeconds);
      for (const state of CIRCUIT_STATES) this.circuit.set({ state }, d.circuit === state ? 1 : 0);
      this.paused.set(d.circuit === 'closed' ? 0 : 1);
      this.workers.set(d.workersAlive);
      for (const [state, n] of Object.entries(d.queue)) this.jobs.set({ state }, n);
      for (const [outcome, n] of Object.entries(figures.counters.whatsapp_deliveries)) this.deliveries.inc({ outcome }, n);
      for (const [reason, n] of Object.entries(figures.counters.login_failures)) this.loginFailures.inc({ reason }, n);
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
