import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { migrations } from '../../src/database/migrations';
import { AssigneeToVolunteer1765000000300 } from '../../src/database/migrations/1765000000300-AssigneeToVolunteer';
import { ownDatabase } from '../support/own-database';

// The free-text assignee of a database in use becomes a volunteer (decisions.md, wave 4): the migration
// run on rows written before it, in a database of its own migrated up to the one before.
describe('migration AssigneeToVolunteer: today’s assignees kept', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let db: DataSource;

  const request = async (name: string | null, phone: string | null, updatedAt = '2026-11-01T10:00:00Z'): Promise<number> => {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone,
                             assignee_name, assignee_phone, updated_at)
       VALUES ('wedding', 80, '2026-11-02', '22:00', 'حي الشاطئ، ينبع', 'custom', 'سارة', '0559990001', $1, $2, $3) RETURNING id`,
      [name, phone, updatedAt],
    );
    return row.id;
  };

  beforeAll(async () => {
    own = await ownDatabase('assignee_migration');
    const index = migrations.indexOf(AssigneeToVolunteer1765000000300);
    db = new DataSource(buildDataSourceOptions(own.url, { migrations: migrations.slice(0, index) }, 2));
    await db.initialize();
    await db.runMigrations();
  });
  afterAll(async () => {
    await db?.destroy();
    await own?.drop();
  });

  it('makes one volunteer per number (named as on the latest request), assigns their requests and archived ones, and keeps a name without a phone as a note', async () => {
    const older = await request('سالم', '0551234567', '2026-10-01T10:00:00Z');
    const newer = await request('سالم الحربي', '0551234567', '2026-11-20T10:00:00Z');
    const noPhone = await request('أبو فهد', null);
    const unassigned = await request(null, null);
    const [archived] = await db.query(
      `INSERT INTO deleted_requests (original_id, event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name,
                                     organizer_phone, assignee_name, assignee_phone, created_at, updated_at)
       VALUES (9001, 'wedding', 50, '2026-10-10', '21:00', 'ينبع', 'custom', 'هند', '0559990002', 'ناصر', '0557654321', now(), now())
       RETURNING id`,
    );

    // The release: every migration, of which only this one (and any later) is pending here.
    const released = new DataSource(buildDataSourceOptions(own.url, {}, 2));
    await released.initialize();
    const ran = await released.runMigrations();
    await released.destroy();
    expect(ran.map((m) => m.name)).toContain('AssigneeToVolunteer1765000000300');

    const volunteers = await db.query(`SELECT id, name, whatsapp, active FROM volunteers ORDER BY whatsapp`);
    expect(volunteers.map((v: { name: string; whatsapp: string; active: boolean }) => [v.name, v.whatsapp, v.active])).toEqual([
      ['سالم الحربي', '+966551234567', true],
      ['ناصر', '+966557654321', true],
    ]);
    const assigned = await db.query(`SELECT id, volunteer_id FROM requests ORDER BY id`);
    const byId = Object.fromEntries(assigned.map((r: { id: number; volunteer_id: number | null }) => [r.id, r.volunteer_id]));
    expect([byId[older], byId[newer]]).toEqual([volunteers[0].id, volunteers[0].id]);
    expect([byId[noPhone], byId[unassigned]]).toEqual([null, null]);
    const [kept] = await db.query(`SELECT volunteer_id FROM deleted_requests WHERE id = $1`, [archived.id]);
    expect(kept.volunteer_id).toBe(volunteers[1].id);
    const notes = await db.query(`SELECT request_id, text, author_username FROM request_notes`);
    expect(notes).toEqual([{ request_id: noPhone, text: 'المسؤول عن الاستلام (قبل سجل المتطوعين): أبو فهد', author_username: 'النظام' }]);
    // Nobody asked them: no opt-in is recorded for the volunteers made here.
    expect(await db.query(`SELECT 1 FROM whatsapp_opt_ins WHERE phone_number LIKE '+96655%'`)).toEqual([]);
    const columns = await db.query(
      `SELECT table_name FROM information_schema.columns WHERE column_name IN ('assignee_name', 'assignee_phone') AND table_schema = 'public'`,
    );
    expect(columns).toEqual([]);
  });
});
