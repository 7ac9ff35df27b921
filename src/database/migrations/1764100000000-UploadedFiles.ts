import { MigrationInterface, QueryRunner } from 'typeorm';

/** One record per stored file: a sticker or a governance document cannot be recorded twice. */
export class UploadedFiles1764100000000 implements MigrationInterface {
  name = 'UploadedFiles1764100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_sticker_images_object_path" ON "sticker_images" ("object_path")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_governance_cards_file_url" ON "governance_cards" ("file_url")`);
    await queryRunner.query(`CREATE INDEX "IDX_governance_cards_order" ON "governance_cards" ("display_order", "created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_governance_cards_order"`);
    await queryRunner.query(`DROP INDEX "UQ_governance_cards_file_url"`);
    await queryRunner.query(`DROP INDEX "UQ_sticker_images_object_path"`);
  }
}
