import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The volunteer's own page (decisions.md, wave 4): each volunteer's link (a salt the token is derived
 * from and the token's hash, like the host's), what they did with each pickup (set out, collected with
 * the weighed kilograms and the food-safety checks, or not collected and why), and the volunteer as an
 * actor of a request's status history.
 */
export class VolunteerPage1765000000400 implements MigrationInterface {
  name = 'VolunteerPage1765000000400';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "volunteers" ADD "link_salt" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "volunteers" ADD "link_hash" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "volunteers" ADD "link_issued_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_volunteers_link_hash" ON "volunteers" ("link_hash")`);
    await queryRunner.query(
      `CREATE TABLE "volunteer_pickups" ("request_id" integer NOT NULL, "volunteer_id" integer NOT NULL,
        "on_the_way_at" TIMESTAMP WITH TIME ZONE, "collected_at" TIMESTAMP WITH TIME ZONE, "weighed_kg" numeric(10,2),
        "checks" jsonb, "not_collected_at" TIMESTAMP WITH TIME ZONE, "not_collected_reason" character varying(20),
        "note" character varying(500), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_volunteer_pickups_reason" CHECK (not_collected_reason IN ('no_surplus','event_not_held','host_unreachable','arrived_late')),
        CONSTRAINT "PK_volunteer_pickups_request_id" PRIMARY KEY ("request_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_volunteer_pickups_volunteer" ON "volunteer_pickups" ("volunteer_id", "on_the_way_at")`);
    await queryRunner.query(
      `ALTER TABLE "volunteer_pickups" ADD CONSTRAINT "FK_volunteer_pickups_request_id" FOREIGN KEY ("request_id") REFERENCES "requests"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "volunteer_pickups" ADD CONSTRAINT "FK_volunteer_pickups_volunteer_id" FOREIGN KEY ("volunteer_id") REFERENCES "volunteers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "request_status_history" DROP CONSTRAINT "CHK_request_status_history_actor_type"`);
    await queryRunner.query(
      `ALTER TABLE "request_status_history" ADD CONSTRAINT "CHK_request_status_history_actor_type" CHECK (actor_type IN ('admin','host','system','volunteer'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "request_status_history" WHERE actor_type = 'volunteer'`);
    await queryRunner.query(`ALTER TABLE "request_status_history" DROP CONSTRAINT "CHK_request_status_history_actor_type"`);
    await queryRunner.query(
      `ALTER TABLE "request_status_history" ADD CONSTRAINT "CHK_request_status_history_actor_type" CHECK (actor_type IN ('admin','host','system'))`,
    );
    await queryRunner.query(`DROP TABLE "volunteer_pickups"`);
    await queryRunner.query(`DROP INDEX "UQ_volunteers_link_hash"`);
    await queryRunner.query(`ALTER TABLE "volunteers" DROP COLUMN "link_issued_at"`);
    await queryRunner.query(`ALTER TABLE "volunteers" DROP COLUMN "link_hash"`);
    await queryRunner.query(`ALTER TABLE "volunteers" DROP COLUMN "link_salt"`);
  }
}
