import { MigrationInterface, QueryRunner } from 'typeorm';

const STATUSES = ['received', 'reviewing', 'confirmed', 'completed', 'cancelled'];
const SHARDS = 16;

/**
 * Counters per request status kept by triggers, so the desk's counters and list totals cost the same at
 * a million requests as at a thousand. Each database connection writes its own shard (backend pid mod
 * 16): concurrent transactions never wait on one counter row. Readers sum the shards.
 * Also the indexes behind the desk's status order and its collection-deadline view (expression and
 * partial indexes: declared on the entity with synchronize: false).
 */
export class RequestStatusCounts1764000000001 implements MigrationInterface {
  name = 'RequestStatusCounts1764000000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "request_status_counts" ("status" character varying(20) NOT NULL, "shard" smallint NOT NULL, "n" bigint NOT NULL DEFAULT 0,
         CONSTRAINT "PK_request_status_counts" PRIMARY KEY ("status", "shard"))`,
    );
    await queryRunner.query(
      `INSERT INTO "request_status_counts" (status, shard, n)
       SELECT s, g, 0 FROM unnest($1::varchar[]) s, generate_series(0, ${SHARDS - 1}) g`,
      [STATUSES],
    );
    await queryRunner.query(
      `UPDATE "request_status_counts" c SET n = x.n FROM (SELECT status, count(*) AS n FROM requests GROUP BY status) x
        WHERE c.status = x.status AND c.shard = 0`,
    );
    // Statement-level triggers with transition tables: one counter update per statement and status,
    // so a bulk insert of a million rows costs five updates, not a million.
    await queryRunner.query(`
      CREATE FUNCTION request_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE s smallint := pg_backend_pid() % ${SHARDS};
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE request_status_counts c SET n = c.n + d.n
            FROM (SELECT status, count(*) AS n FROM new_rows GROUP BY status) d WHERE c.status = d.status AND c.shard = s;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE request_status_counts c SET n = c.n - d.n
            FROM (SELECT status, count(*) AS n FROM old_rows GROUP BY status) d WHERE c.status = d.status AND c.shard = s;
        ELSE
          UPDATE request_status_counts c SET n = c.n + d.n
            FROM (SELECT status, sum(delta) AS n FROM (
                    SELECT o.status, -1 AS delta FROM old_rows o JOIN new_rows x ON x.id = o.id WHERE o.status <> x.status
                    UNION ALL
                    SELECT x.status, 1 FROM old_rows o JOIN new_rows x ON x.id = o.id WHERE o.status <> x.status) m
                  GROUP BY status) d
           WHERE c.status = d.status AND c.shard = s;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER request_status_counts_insert AFTER INSERT ON requests REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION request_status_counts_apply()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER request_status_counts_delete AFTER DELETE ON requests REFERENCING OLD TABLE AS old_rows
         FOR EACH STATEMENT EXECUTE FUNCTION request_status_counts_apply()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER request_status_counts_update AFTER UPDATE ON requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION request_status_counts_apply()`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_requests_status_rank" ON "requests" (array_position('{received,reviewing,confirmed,completed,cancelled}'::varchar[], status), id)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_requests_active_deadline" ON "requests" (event_date, end_time, id) WHERE status IN ('received', 'reviewing', 'confirmed')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_requests_active_deadline"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_requests_status_rank"`);
    await queryRunner.query(`DROP TRIGGER request_status_counts_update ON requests`);
    await queryRunner.query(`DROP TRIGGER request_status_counts_delete ON requests`);
    await queryRunner.query(`DROP TRIGGER request_status_counts_insert ON requests`);
    await queryRunner.query(`DROP FUNCTION request_status_counts_apply()`);
    await queryRunner.query(`DROP TABLE "request_status_counts"`);
  }
}
