import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The desk as the day's tool: internal notes on a request (no foreign key, like the status history, so
 * they keep the request's number through the archive), indexes behind the desk's new filters (area,
 * important place, event type, each with the event date for a date range) and the archive's order.
 */
export class DeskNotesFiltersArchive1764810000000 implements MigrationInterface {
  name = 'DeskNotesFiltersArchive1764810000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "request_notes" (
        "id" SERIAL NOT NULL,
        "request_id" integer NOT NULL,
        "text" character varying(1000) NOT NULL,
        "author_username" character varying(100) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_request_notes" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_request_notes_request" ON "request_notes" ("request_id", "created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_requests_area_event_date" ON "requests" ("area", "event_date", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_requests_important_place_event_date" ON "requests" ("important_place", "event_date", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_requests_event_type_event_date" ON "requests" ("event_type", "event_date", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_deleted_requests_deleted_at" ON "deleted_requests" ("deleted_at", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_deleted_requests_deleted_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_requests_event_type_event_date"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_requests_important_place_event_date"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_requests_area_event_date"`);
    await queryRunner.query(`DROP TABLE "request_notes"`);
  }
}
