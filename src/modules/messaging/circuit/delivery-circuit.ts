import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, providerTimeoutMs } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../common/clock/clock';
import { APP_LOGGER } from '../../../common/logging/logger';
import type { DeliveryPauseInfo } from '../../../shared/delivery';
import { DeliveryRepository } from '../outbox/delivery.repository';
import { DELIVERY_TEXTS } from '../outbox/delivery-texts';
import { CircuitRow, CircuitState, DeliveryCircuitRepository } from './delivery-circuit.repository';

/** The longest pause between probes while the provider stays down. */
const MAX_COOLDOWN_MS = 2 * 60_000;
/** While another worker probes, a message waits this long before looking again. */
const PROBE_WAIT_MS = 3_000;
const ALERT_TIMEOUT_MS = 5_000;

export type Gate = { send: true; probe: boolean; dirty: boolean } | { send: false; until: Date };

/** What the operator sees of the circuit (dashboard and health). */
export type DeliveryPause = DeliveryPauseInfo;

/**
 * A circuit breaker in front of the provider, shared by every worker through the database. After
 * `OUTBOX_BREAKER_FAILURES` provider faults in a row (5xx, 429, timeouts, refused connections) sending
 * pauses: messages wait in the outbox instead of burning their retry window, and one message probes
 * the provider after a pause that doubles (up to 2 minutes) while probes fail. One operations alert
 * when the pause begins and one when it ends, never one per message.
 */
@Injectable()
export class DeliveryCircuit {
  constructor(
    private readonly repo: DeliveryCircuitRepository,
    private readonly delivery: DeliveryRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * May this worker call the provider now? While paused, says until when the message should wait.
   * `row`: the circuit as the claim just read it (delivery reads it with the claim, in one round trip).
   */
  async gate(workerId: string, row?: CircuitRow): Promise<Gate> {
    const now = this.clock.now();
    row ??= await this.repo.read();
    if (row.state === 'closed') return { send: true, probe: false, dirty: row.consecutiveFailures > 0 };
    if (row.retryAt && row.retryAt > now) {
      const until = row.state === 'probing' ? new Date(Math.min(row.retryAt.getTime(), now.getTime() + PROBE_WAIT_MS)) : row.retryAt;
      return { send: false, until };
    }
    const deadline = new Date(now.getTime() + providerTimeoutMs(this.config) + 5_000);
    if (await this.repo.takeProbe(workerId, now, deadline)) {
      this.logger.info('whatsapp sending paused: probing the provider with one message');
      return { send: true, probe: true, dirty: true };
    }
    return { send: false, until: new Date(now.getTime() + PROBE_WAIT_MS) };
  }

  /** A send went through. Only touches the row when there was something to reset. */
  async succeeded(gate: Extract<Gate, { send: true }>): Promise<void> {
    if (!gate.dirty) return;
    const { closedOutageSince } = await this.repo.recordSuccess();
    if (!closedOutageSince) return;
    const now = this.clock.now();
    const released = await this.delivery.releaseWaiting(now, new Date(now.getTime() + PROBE_WAIT_MS));
    const minutes = Math.max(1, Math.round((now.getTime() - closedOutageSince.getTime()) / 60_000));
    this.logger.warn({ alert: 'whatsapp_resumed', pausedSince: closedOutageSince, released }, 'whatsapp sending resumed');
    await this.delivery.insertEvent('delivery_resumed', { pausedSince: closedOutageSince.toISOString() });
    await this.alert('whatsapp_delivery_resumed', DELIVERY_TEXTS.resumed(minutes));
  }

  /** A provider fault (retryable). Opens the circuit at the threshold; the one that opens it alerts. */
  async faulted(workerId: string, error: { code?: string; message: string }): Promise<void> {
    const now = this.clock.now();
    const { opened, row } = await this.repo.recordFault({
      workerId,
      now,
      threshold: this.config.outbox.breakerFailures,
      baseCooldownMs: this.config.outbox.breakerCooldownMs,
      maxCooldownMs: Math.max(MAX_COOLDOWN_MS, this.config.outbox.breakerCooldownMs),
      error: `${error.code ? error.code + ': ' : ''}${error.message}`,
    });
    if (!opened) return;
    this.logger.error(
      { alert: 'whatsapp_paused', failures: row.consecutiveFailures, lastError: row.lastError, nextProbeAt: row.retryAt },
      'whatsapp provider failing: sending paused, messages wait in the outbox',
    );
    await this.delivery.insertEvent('delivery_paused', { failures: row.consecutiveFailures, lastError: row.lastError });
    await this.alert('whatsapp_delivery_paused', DELIVERY_TEXTS.paused(row.lastError));
  }

  async status(): Promise<DeliveryPause> {
    return toPause(await this.repo.read());
  }

  /** The circuit's state as stored (closed, open, or probing), for monitoring. */
  async state(): Promise<CircuitState> {
    return (await this.repo.read()).state;
  }

  /** One JSON POST to the operations webhook, if configured; never blocks or breaks delivery. */
  private async alert(event: string, text: string): Promise<void> {
    const url = this.config.outbox.opsAlertWebhookUrl;
    if (!url) return;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event, text, at: this.clock.now().toISOString() }),
        signal: AbortSignal.timeout(ALERT_TIMEOUT_MS),
      });
      if (!response.ok) this.logger.warn({ event, status: response.status }, 'operations alert refused by its webhook');
    } catch (error) {
      this.logger.warn({ err: error, event }, 'operations alert could not be sent');
    }
  }
}

export function toPause(row: CircuitRow): DeliveryPause {
  const paused = row.state !== 'closed';
  return {
    paused,
    since: paused && row.openedAt ? new Date(row.openedAt).toISOString() : null,
    nextProbeAt: paused && row.retryAt ? new Date(row.retryAt).toISOString() : null,
    lastError: paused ? row.lastError : null,
  };
}
