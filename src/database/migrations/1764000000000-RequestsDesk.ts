import { MigrationInterface, QueryRunner } from 'typeorm';

/** Indexes for the requests desk's sorts; deletion confirmations outlive an archived request. */
export class RequestsDesk1764000000000 implements MigrationInterface {
  name = 'RequestsDesk1764000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "deletion_confirmations" DROP CONSTRAINT "FK_deletion_confirmations_request_id"`);
    await queryRunner.query(`CREATE INDEX "IDX_requests_created_at" ON "requests" ("created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_requests_event_date" ON "requests" ("event_date", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_requests_organizer_name" ON "requests" ("organizer_name", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_requests_organizer_name"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_requests_event_date"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_requests_created_at"`);
    await queryRunner.query(
      `ALTER TABLE "deletion_confirmations" ADD CONSTRAINT "FK_deletion_confirmations_request_id" FOREIGN KEY ("request_id") REFERENCES "requests"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }
}
