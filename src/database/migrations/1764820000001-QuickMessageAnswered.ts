import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quick messages get an answered state (decisions.md, wave 3): set by an administrator's reply or by
 * hand, and the list opens on the unanswered ones, newest first (the index serves that page and its
 * count). Messages already replied to start answered.
 */
export class QuickMessageAnswered1764820000001 implements MigrationInterface {
  name = 'QuickMessageAnswered1764820000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quick_messages" ADD "answered" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "quick_messages" ADD "answered_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "quick_messages" SET "answered" = true, "answered_at" = "replied_at" WHERE "admin_reply" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_quick_messages_answered_created_at" ON "quick_messages" ("answered", "created_at", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_quick_messages_answered_created_at"`);
    await queryRunner.query(`ALTER TABLE "quick_messages" DROP COLUMN "answered_at"`);
    await queryRunner.query(`ALTER TABLE "quick_messages" DROP COLUMN "answered"`);
  }
}
