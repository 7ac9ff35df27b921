import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Important places get a stored group (decisions.md, wave 3), so a place's code no longer decides where
 * the public form lists it. Existing places keep the group their code gave them; a code with none of
 * the four prefixes used to land under «المراكز التجارية» whatever it was, and goes to «أماكن أخرى»
 * for an administrator to correct.
 */
export class ImportantPlaceGroups1764820000000 implements MigrationInterface {
  name = 'ImportantPlaceGroups1764820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dropdown_options" ADD "place_group" character varying(20)`);
    await queryRunner.query(
      `UPDATE "dropdown_options" SET "place_group" = CASE
         WHEN "value" LIKE 'wedding\\_%' THEN 'wedding'
         WHEN "value" LIKE 'hotel\\_%' THEN 'hotel'
         WHEN "value" LIKE 'company\\_%' THEN 'company'
         WHEN "value" LIKE 'commercial\\_%' THEN 'commercial'
         ELSE 'other' END
       WHERE "type" = 'importantPlace'`,
    );
    await queryRunner.query(
      `ALTER TABLE "dropdown_options" ADD CONSTRAINT "CHK_dropdown_options_place_group" CHECK (place_group IN ('wedding','hotel','company','commercial','other'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dropdown_options" DROP CONSTRAINT "CHK_dropdown_options_place_group"`);
    await queryRunner.query(`ALTER TABLE "dropdown_options" DROP COLUMN "place_group"`);
  }
}
