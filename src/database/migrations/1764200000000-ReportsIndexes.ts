import { MigrationInterface, QueryRunner } from 'typeorm';

/** Stored statistics are read by period and day; a record's history by entity. */
export class ReportsIndexes1764200000000 implements MigrationInterface {
  name = 'ReportsIndexes1764200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_statistics_period_date" ON "statistics" ("period", "date")`);
    await queryRunner.query(`CREATE INDEX "IDX_activity_logs_entity" ON "activity_logs" ("entity_type", "entity_id", "created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_activity_logs_entity"`);
    await queryRunner.query(`DROP INDEX "IDX_statistics_period_date"`);
  }
}
