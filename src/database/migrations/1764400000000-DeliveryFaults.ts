import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delivery that survives faults: a claim counter per attempt (each claim gets its own queue job, so a
 * job left active by a dead worker never blocks the next claim), the provider circuit shared by every
 * worker, and the workers' heartbeats that the health check reads.
 */
export class DeliveryFaults1764400000000 implements MigrationInterface {
  name = 'DeliveryFaults1764400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "assurance_attempts" ADD "claims" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `CREATE TABLE "delivery_circuit" (
         "id" smallint PRIMARY KEY CHECK (id = 1),
         "state" varchar(10) NOT NULL DEFAULT 'closed' CHECK (state IN ('closed', 'open', 'probing')),
         "consecutive_failures" integer NOT NULL DEFAULT 0,
         "opened_at" timestamptz,
         "retry_at" timestamptz,
         "cooldown_ms" integer NOT NULL DEFAULT 0,
         "probe_by" varchar(100),
         "last_error" text,
         "updated_at" timestamptz NOT NULL DEFAULT now())`,
    );
    await queryRunner.query(`INSERT INTO "delivery_circuit" (id) VALUES (1)`);
    await queryRunner.query(
      `CREATE TABLE "worker_heartbeats" (
         "worker_id" varchar(100) PRIMARY KEY,
         "started_at" timestamptz NOT NULL,
         "beat_at" timestamptz NOT NULL)`,
    );
    // Inbound messages already handled, by Twilio's MessageSid: a replayed callback changes nothing.
    await queryRunner.query(
      `CREATE TABLE "inbound_messages" ("message_sid" varchar(64) PRIMARY KEY, "received_at" timestamptz NOT NULL DEFAULT now())`,
    );
    // Wrong answers to an emergency code: at 5 the code is disabled.
    await queryRunner.query(`ALTER TABLE "emergency_access_codes" ADD "failed_attempts" integer NOT NULL DEFAULT '0'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emergency_access_codes" DROP COLUMN "failed_attempts"`);
    await queryRunner.query(`DROP TABLE "inbound_messages"`);
    await queryRunner.query(`DROP TABLE "worker_heartbeats"`);
    await queryRunner.query(`DROP TABLE "delivery_circuit"`);
    await queryRunner.query(`ALTER TABLE "assurance_attempts" DROP COLUMN "claims"`);
  }
}
