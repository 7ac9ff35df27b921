import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Meta's message ids ("wamid." and a base64 blob that grows with the number and the id) run past the
 * 64 characters Twilio's SIDs needed: provider message ids, sent and received, get 255. Widening a
 * varchar rewrites nothing in PostgreSQL.
 */
export class ProviderMessageIdLength1764700000000 implements MigrationInterface {
  name = 'ProviderMessageIdLength1764700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "assurance_attempts" ALTER COLUMN "provider_message_id" TYPE character varying(255)`);
    await queryRunner.query(`ALTER TABLE "notification_logs" ALTER COLUMN "provider_message_id" TYPE character varying(255)`);
    await queryRunner.query(`ALTER TABLE "inbound_messages" ALTER COLUMN "message_sid" TYPE character varying(255)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "inbound_messages" ALTER COLUMN "message_sid" TYPE character varying(64)`);
    await queryRunner.query(`ALTER TABLE "notification_logs" ALTER COLUMN "provider_message_id" TYPE character varying(64)`);
    await queryRunner.query(`ALTER TABLE "assurance_attempts" ALTER COLUMN "provider_message_id" TYPE character varying(64)`);
  }
}
