import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The charity's volunteers and drivers (decisions.md, wave 4), and the volunteer a request is assigned
 * to, kept in the archive too. A volunteer with requests cannot be deleted (FK_requests_volunteer_id).
 */
export class Volunteers1765000000200 implements MigrationInterface {
  name = 'Volunteers1765000000200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "volunteers" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "whatsapp" character varying(16) NOT NULL, "areas" text array NOT NULL DEFAULT '{}', "vehicle" character varying(100), "notes" character varying(1000), "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_volunteers_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_volunteers_whatsapp" ON "volunteers" ("whatsapp")`);
    await queryRunner.query(`CREATE INDEX "IDX_volunteers_name" ON "volunteers" ("name", "id")`);
    await queryRunner.query(`ALTER TABLE "requests" ADD "volunteer_id" integer`);
    await queryRunner.query(`ALTER TABLE "deleted_requests" ADD "volunteer_id" integer`);
    await queryRunner.query(`CREATE INDEX "IDX_requests_volunteer_id" ON "requests" ("volunteer_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_deleted_requests_volunteer_id" ON "deleted_requests" ("volunteer_id")`);
    await queryRunner.query(
      `ALTER TABLE "requests" ADD CONSTRAINT "FK_requests_volunteer_id" FOREIGN KEY ("volunteer_id") REFERENCES "volunteers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "requests" DROP CONSTRAINT "FK_requests_volunteer_id"`);
    await queryRunner.query(`DROP INDEX "IDX_deleted_requests_volunteer_id"`);
    await queryRunner.query(`DROP INDEX "IDX_requests_volunteer_id"`);
    await queryRunner.query(`ALTER TABLE "deleted_requests" DROP COLUMN "volunteer_id"`);
    await queryRunner.query(`ALTER TABLE "requests" DROP COLUMN "volunteer_id"`);
    await queryRunner.query(`DROP TABLE "volunteers"`);
  }
}
