import { MigrationInterface, QueryRunner } from 'typeorm';

/** Where each request came from (wave 4): the public form for every request made so far. */
export class RequestSource1765000000000 implements MigrationInterface {
  name = 'RequestSource1765000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['requests', 'deleted_requests']) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "source" character varying(20) NOT NULL DEFAULT 'public_form'`);
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "CHK_${table}_source" CHECK (source IN ('public_form','phone','whatsapp','walk_in','recurring'))`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['requests', 'deleted_requests']) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "CHK_${table}_source"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "source"`);
    }
  }
}
