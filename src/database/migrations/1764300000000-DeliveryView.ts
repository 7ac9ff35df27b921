import { MigrationInterface, QueryRunner } from 'typeorm';

/** The operator's view: a request's messages by their group's form id, and their delivery times. */
export class DeliveryView1764300000000 implements MigrationInterface {
  name = 'DeliveryView1764300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_assurance_notification_groups_form_id" ON "assurance_notification_groups" ("form_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_notification_logs_attempt_id" ON "notification_logs" ("attempt_id")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_assurance_attempts_final_updated" ON "assurance_attempts" ("updated_at") WHERE status IN ('failed', 'undelivered')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_assurance_attempts_final_updated"`);
    await queryRunner.query(`DROP INDEX "IDX_notification_logs_attempt_id"`);
    await queryRunner.query(`DROP INDEX "IDX_assurance_notification_groups_form_id"`);
  }
}
