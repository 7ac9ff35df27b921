import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The volunteer or driver who collects a request (printed on the run sheet), kept in the archive too,
 * and the coordinates of an important place (picked on a map; the pickups map places its requests there).
 */
export class AssigneeAndPlaceCoordinates1764650000001 implements MigrationInterface {
  name = 'AssigneeAndPlaceCoordinates1764650000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['requests', 'deleted_requests']) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "assignee_name" character varying(100)`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD "assignee_phone" character varying(20)`);
    }
    await queryRunner.query(`ALTER TABLE "dropdown_options" ADD "latitude" double precision`);
    await queryRunner.query(`ALTER TABLE "dropdown_options" ADD "longitude" double precision`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dropdown_options" DROP COLUMN "longitude"`);
    await queryRunner.query(`ALTER TABLE "dropdown_options" DROP COLUMN "latitude"`);
    for (const table of ['deleted_requests', 'requests']) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "assignee_phone"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "assignee_name"`);
    }
  }
}
