import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * «جدول الاستلام» and the daily capacity read a date's requests that are not cancelled, in deadline
 * order (event date, end time; Riyadh has no daylight saving), and count them per date: one partial
 * index serves the list, the strip, the public availability and the capacity check under its lock.
 */
export class PickupsDay1764800000000 implements MigrationInterface {
  name = 'PickupsDay1764800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_requests_pickups" ON "requests" (event_date, end_time, id) WHERE status <> 'cancelled'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_requests_pickups"`);
  }
}
