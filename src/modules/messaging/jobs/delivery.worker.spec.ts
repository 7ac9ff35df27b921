import { describe, expect, it } from '@jest/globals';
import { JOBS, QUEUES } from '../../../common/queues/queues';
import { assertEveryJobHasAHandler } from './delivery.worker';

describe('the start-up check that every job has a handler', () => {
  it('passes when every job of the queue is handled', () => {
    expect(() => assertEveryJobHasAHandler(QUEUES.whatsappDelivery, [JOBS.deliverAttempt])).not.toThrow();
  });

  it('refuses to start when a job of the queue has no handler, naming it', () => {
    expect(() => assertEveryJobHasAHandler(QUEUES.whatsappDelivery, [])).toThrow(/deliver-attempt/);
  });
});
