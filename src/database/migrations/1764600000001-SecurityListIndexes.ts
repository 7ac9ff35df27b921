import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The security tab's lists page through an index for each sort: login attempts by time (by username:
 * the existing username + time index), alerts by time and by severity (most serious first), emergency
 * codes by creation time. Every order ends with the id so pages never overlap.
 */
export class SecurityListIndexes1764600000001 implements MigrationInterface {
  name = 'SecurityListIndexes1764600000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_login_attempts_attempted_at" ON "login_attempts" ("attempted_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_security_alerts_created_at" ON "security_alerts" ("created_at", "id")`);
    // Written exactly as the list's ORDER BY (security-alerts.repository.ts) so the planner uses it.
    await queryRunner.query(
      `CREATE INDEX "IDX_security_alerts_severity_rank" ON "security_alerts" ((array_position('{low,medium,high}'::varchar[], "severity")), "created_at", "id")`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_emergency_access_codes_created_at" ON "emergency_access_codes" ("created_at", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_emergency_access_codes_created_at"`);
    await queryRunner.query(`DROP INDEX "IDX_security_alerts_severity_rank"`);
    await queryRunner.query(`DROP INDEX "IDX_security_alerts_created_at"`);
    await queryRunner.query(`DROP INDEX "IDX_login_attempts_attempted_at"`);
  }
}
