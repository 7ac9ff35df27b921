import { MigrationInterface, QueryRunner } from 'typeorm';

const NOTE_PREFIX = 'المسؤول عن الاستلام (قبل سجل المتطوعين): ';

/**
 * The free-text assignee becomes a volunteer (decisions.md, wave 4): every assignee with a phone
 * becomes a volunteer (one per number, named as on their latest request) and their requests, archived
 * ones too, are assigned to them; an assignee without a phone is kept as an internal note on the request.
 * Their opt-in is not recorded: nobody asked them; an administrator confirms it on the volunteer's page.
 */
export class AssigneeToVolunteer1765000000300 implements MigrationInterface {
  name = 'AssigneeToVolunteer1765000000300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO volunteers (name, whatsapp, notes)
       SELECT DISTINCT ON (whatsapp) name, whatsapp, 'أُضيف من خانة «المسؤول عن الاستلام» في الطلبات السابقة'
         FROM (SELECT assignee_name AS name, '+966' || substr(assignee_phone, 2) AS whatsapp, updated_at AS at FROM requests
                WHERE assignee_name IS NOT NULL AND assignee_phone ~ '^05[0-9]{8}$'
               UNION ALL
               SELECT assignee_name, '+966' || substr(assignee_phone, 2), deleted_at FROM deleted_requests
                WHERE assignee_name IS NOT NULL AND assignee_phone ~ '^05[0-9]{8}$') assignees
        ORDER BY whatsapp, at DESC
       ON CONFLICT (whatsapp) DO NOTHING`,
    );
    for (const table of ['requests', 'deleted_requests']) {
      await queryRunner.query(
        `UPDATE ${table} t SET volunteer_id = v.id FROM volunteers v
          WHERE t.assignee_phone ~ '^05[0-9]{8}$' AND v.whatsapp = '+966' || substr(t.assignee_phone, 2)`,
      );
    }
    await queryRunner.query(
      `INSERT INTO request_notes (request_id, text, author_username, created_at)
       SELECT id, $1 || assignee_name, 'النظام', now() FROM requests WHERE assignee_name IS NOT NULL AND volunteer_id IS NULL
       UNION ALL
       SELECT original_id, $1 || assignee_name, 'النظام', now() FROM deleted_requests WHERE assignee_name IS NOT NULL AND volunteer_id IS NULL`,
      [NOTE_PREFIX],
    );
    for (const table of ['requests', 'deleted_requests']) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "assignee_phone"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "assignee_name"`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['requests', 'deleted_requests']) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "assignee_name" character varying(100)`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD "assignee_phone" character varying(20)`);
      await queryRunner.query(
        `UPDATE ${table} t SET assignee_name = v.name, assignee_phone = '0' || substr(v.whatsapp, 5) FROM volunteers v WHERE v.id = t.volunteer_id`,
      );
    }
  }
}
