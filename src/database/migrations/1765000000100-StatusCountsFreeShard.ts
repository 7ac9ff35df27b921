import { MigrationInterface, QueryRunner } from 'typeorm';

const SHARDS = 16;

/**
 * The status counters' triggers pick a shard no other transaction holds (FOR UPDATE SKIP LOCKED), instead
 * of the connection's backend pid mod 16: with a pool of 10 connections some shared a counter row for
 * their whole life, and a third of the requests' INSERTs under load were seen waiting on that row.
 * Now no writer waits on a counter while a free shard exists (16 per status, more than the pool).
 */
export class StatusCountsFreeShard1765000000100 implements MigrationInterface {
  name = 'StatusCountsFreeShard1765000000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION request_status_counts_add(changed varchar, delta bigint) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE s smallint;
      BEGIN
        IF delta = 0 THEN RETURN; END IF;
        SELECT shard INTO s FROM request_status_counts WHERE status = changed ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED;
        -- Every shard held by others (more writers than shards): wait for one, as before.
        IF s IS NULL THEN s := (txid_current() % ${SHARDS})::smallint; END IF;
        UPDATE request_status_counts SET n = n + delta WHERE status = changed AND shard = s;
      END $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION request_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE d record;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          FOR d IN SELECT status, count(*) AS n FROM new_rows GROUP BY status LOOP
            PERFORM request_status_counts_add(d.status, d.n);
          END LOOP;
        ELSIF TG_OP = 'DELETE' THEN
          FOR d IN SELECT status, count(*) AS n FROM old_rows GROUP BY status LOOP
            PERFORM request_status_counts_add(d.status, -d.n);
          END LOOP;
        ELSE
          FOR d IN SELECT status, sum(delta) AS n FROM (
                     SELECT o.status, -1 AS delta FROM old_rows o JOIN new_rows x ON x.id = o.id WHERE o.status <> x.status
                     UNION ALL
                     SELECT x.status, 1 FROM old_rows o JOIN new_rows x ON x.id = o.id WHERE o.status <> x.status) m
                   GROUP BY status ORDER BY status LOOP
            PERFORM request_status_counts_add(d.status, d.n);
          END LOOP;
        END IF;
        RETURN NULL;
      END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION request_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await queryRunner.query(`DROP FUNCTION request_status_counts_add(varchar, bigint)`);
  }
}
