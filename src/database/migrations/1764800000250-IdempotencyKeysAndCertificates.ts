import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public form's idempotency keys (24 hours, hashed) and the thank-you certificates (a random code
 * anyone can verify, the figures as issued, and the PDF drawn once). Certificates keep no foreign key
 * to the request, so an archived request's certificate still verifies.
 */
export class IdempotencyKeysAndCertificates1764800000250 implements MigrationInterface {
  name = 'IdempotencyKeysAndCertificates1764800000250';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "request_idempotency_keys" (
        "key_hash" character(64) NOT NULL,
        "body_hash" character(64) NOT NULL,
        "request_id" integer,
        "status_code" smallint,
        "response" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_request_idempotency_keys" PRIMARY KEY ("key_hash")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_request_idempotency_keys_created_at" ON "request_idempotency_keys" ("created_at")`);
    await queryRunner.query(`
      CREATE TABLE "certificates" (
        "id" SERIAL NOT NULL,
        "code" character varying(32) NOT NULL,
        "kind" character varying(10) NOT NULL,
        "request_id" integer,
        "place_value" character varying(200),
        "period_from" date,
        "period_to" date,
        "figures" jsonb NOT NULL,
        "pdf" bytea,
        "issued_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "issued_by" character varying(100),
        CONSTRAINT "CHK_certificates_kind" CHECK (kind IN ('request','place')),
        CONSTRAINT "CHK_certificates_subject" CHECK (
          (kind = 'request' AND request_id IS NOT NULL AND place_value IS NULL)
          OR (kind = 'place' AND request_id IS NULL AND place_value IS NOT NULL AND period_from IS NOT NULL AND period_to IS NOT NULL)),
        CONSTRAINT "UQ_certificates_code" UNIQUE ("code"),
        CONSTRAINT "PK_certificates" PRIMARY KEY ("id")
      )`);
    // One certificate per request: the first call issues it, every later one answers the same.
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_certificates_request" ON "certificates" ("request_id") WHERE kind = 'request'`);
    await queryRunner.query(`CREATE INDEX "IDX_certificates_issued_at" ON "certificates" ("issued_at", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "certificates"`);
    await queryRunner.query(`DROP TABLE "request_idempotency_keys"`);
  }
}
