import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Code checks per username, counted by one atomic statement before a code is compared (issue 22: a
 * burst of calls judged every code against a count read before any of them was written).
 */
export class CodeCheckCounters1764700000300 implements MigrationInterface {
  name = 'CodeCheckCounters1764700000300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "code_check_counters" ("username" character varying(100) NOT NULL, "window_started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "checks" integer NOT NULL DEFAULT '0', "blocked_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_code_check_counters" PRIMARY KEY ("username"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "code_check_counters"`);
  }
}
