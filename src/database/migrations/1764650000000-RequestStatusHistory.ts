import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every status change of a request, with who made it (an administrator, the host, or the system) and
 * why. No foreign key: like deletion_confirmations, the rows keep the request's number when it is
 * archived, so a restored request gets its history back.
 */
export class RequestStatusHistory1764650000000 implements MigrationInterface {
  name = 'RequestStatusHistory1764650000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "request_status_history" (
        "id" SERIAL NOT NULL,
        "request_id" integer NOT NULL,
        "from_status" character varying(20),
        "to_status" character varying(20) NOT NULL,
        "actor_type" character varying(10) NOT NULL,
        "actor_username" character varying(100),
        "reason" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_request_status_history_actor_type" CHECK (actor_type IN ('admin','host','system')),
        CONSTRAINT "PK_request_status_history" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_request_status_history_request" ON "request_status_history" ("request_id", "created_at", "id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "request_status_history"`);
  }
}
