/** Every BullMQ queue and job name, in one place. A startup check makes sure each job has a handler. */
export const QUEUES = {
  whatsappDelivery: 'whatsapp-delivery',
} as const;

export const JOBS = {
  deliverAttempt: 'deliver-attempt',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export type JobName = (typeof JOBS)[keyof typeof JOBS];

/** Which queue carries which jobs. */
export const JOBS_BY_QUEUE: Record<QueueName, JobName[]> = {
  [QUEUES.whatsappDelivery]: [JOBS.deliverAttempt],
};

/** Payload of a delivery job: ids only, never personal data (Redis is not the place for it). */
export interface DeliverAttemptJob {
  attemptId: number;
  /** The attempt's claim count when queued: a job whose claim was taken since is stale and dropped. */
  claim?: number;
  /** The attempt's random key: a job whose row has another key belongs to another database and is dropped. */
  key?: string;
}
