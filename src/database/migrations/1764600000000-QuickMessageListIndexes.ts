import { MigrationInterface, QueryRunner } from 'typeorm';

/** The quick-messages list is paged newest first, optionally by status group: both orders end with the id. */
export class QuickMessageListIndexes1764600000000 implements MigrationInterface {
  name = 'QuickMessageListIndexes1764600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_quick_messages_created_at"`);
    await queryRunner.query(`CREATE INDEX "IDX_quick_messages_created_at" ON "quick_messages" ("created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_quick_messages_status_created_at" ON "quick_messages" ("status", "created_at", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_quick_messages_status_created_at"`);
    await queryRunner.query(`DROP INDEX "IDX_quick_messages_created_at"`);
    await queryRunner.query(`CREATE INDEX "IDX_quick_messages_created_at" ON "quick_messages" ("created_at")`);
  }
}
