import { MigrationInterface, QueryRunner } from 'typeorm';

/** The stickers resource pages in display order (react-admin's list): an index serves that page. */
export class StickerOrderIndex1764970000000 implements MigrationInterface {
  name = 'StickerOrderIndex1764970000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_sticker_images_order" ON "sticker_images" ("sort_order", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_sticker_images_order"`);
  }
}
