import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { JOBS, QUEUES } from '../../src/common/queues/queues';
import { createDatabase } from '../../src/infra/embedded-postgres';
import type { Sticker } from '../../src/shared/api/content-admin';
import { signInAdmin } from '../support/admin-session';
import * as tar from 'tar';
import { archiveName } from '../../src/ops/schedule';
import { runOps, startOps } from '../support/ops-commands';
import { requestPayload, someDistrict } from '../support/request-payload';
import { pdf, png } from '../support/sample-files';
import { compiledServer } from '../support/server-process';
import { startSystemPostgres, type SystemPostgres } from '../support/system-postgres';
import { createTestApp, type TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { TwilioDouble } from '../support/twilio-double';
import { waitFor } from '../support/wait-for';

const ADMIN_NUMBER = '+966500000777';
const APP_SECRET = 'backup-test-secret-backup-test-secret-0123';
// Customers of this file: sent before the backup, and still queued when it is taken.
const SENT_PHONES = ['0551700001', '0551700002', '0551700003'];
const QUEUED_PHONES = ['0551700011', '0551700012'];
const e164 = (local: string) => `+966${local.slice(1)}`;

type Row = Record<string, unknown>;

/**
 * Backup and restore as an operator runs them: the compiled commands against a PostgreSQL whose
 * major version matches the machine's pg_dump (startSystemPostgres), the app in between on the same
 * Redis. Seeded through the app: requests, an administrator, a sticker with real image bytes on the
 * local driver, WhatsApp messages (to a local Twilio double) partly sent and partly still queued.
 */
describe('backup and restore', () => {
  let server: SystemPostgres;
  let double: TwilioDouble;
  let build: string;
  let work: string;
  let sourceUrl: string;
  let restoredUrl: string;
  const redisPrefix = `${testState().redisPrefix}:backup`;
  const archive = () => join(work, 'backups', 'charity.tar');

  const appEnv = (databaseUrl: string, dataDir: string): Record<string, string> => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    REDIS_PREFIX: redisPrefix,
    APP_SECRET,
    ADMIN_WHATSAPP_NUMBERS: ADMIN_NUMBER,
    WHATSAPP_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: double.accountSid,
    TWILIO_AUTH_TOKEN: double.authToken,
    TWILIO_FROM: 'whatsapp:+14155238886',
    TWILIO_BASE_URL: double.url,
    PUBLIC_BASE_URL: 'https://charity.example',
  });
  // What the commands get: the same configuration, as compose's env_file gives it.
  const opsEnv = (databaseUrl: string, dataDir: string): Record<string, string> => ({
    ...appEnv(databaseUrl, dataDir),
    NODE_ENV: 'production',
    REDIS_URL: testState().redisUrl,
    LOG_LEVEL: 'warn',
  });

  // Filled by the first test, compared by the later ones.
  let token: string;
  let image: Buffer;
  let before: { requests: Row[]; users: Row[]; stickers: Sticker[]; attempts: Row[] };

  beforeAll(async () => {
    work = mkdtempSync(join(resolve('.data/test'), 'backup-'));
    server = await startSystemPostgres(join(work, 'postgres'));
    await createDatabase(server.url('postgres'), 'source');
    await createDatabase(server.url('postgres'), 'restored');
    sourceUrl = server.url('source');
    restoredUrl = server.url('restored');
    double = await new TwilioDouble().start();
    build = compiledServer();
  }, 240_000);

  afterAll(async () => {
    await double?.stop();
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const snapshot = async (t: TestApp) => {
    const db = t.app.get(DataSource);
    const auth = { Authorization: `Bearer ${token}` };
    const requests = (await t.http.get('/api/requests?sort=["id","ASC"]&range=[0,99]').set(auth).expect(200)).body as Row[];
    const users = (await db.query(`SELECT id, username, password, role, created_at FROM users ORDER BY id`)) as Row[];
    const stickers = (await t.http.get('/api/admin/stickers').set(auth).expect(200)).body as Sticker[];
    const attempts = (await db.query(
      `SELECT a.attempt_id, a.status, a.claims, a.idempotency_key, r.whatsapp FROM assurance_attempts a
         JOIN assurance_recipients r ON r.recipient_id = a.recipient_id ORDER BY a.attempt_id`,
    )) as Row[];
    return { requests, users, stickers, attempts };
  };

  const download = async (t: TestApp, url: string): Promise<Buffer> => {
    const res = await t.http
      .get(url)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };

  it('backs up a running app: requests, a user, a sticker, messages sent and messages still queued', async () => {
    const dataA = join(work, 'data-source');
    // First the app with its worker: three requests, their messages sent.
    const withWorker = await createTestApp({ worker: true, keepQueuedMessages: true, env: appEnv(sourceUrl, dataA) });
    try {
      token = (await signInAdmin(withWorker.app, 'backup-admin')).token;
      const district = await someDistrict(withWorker.app.get(DataSource));
      for (const phone of SENT_PHONES) {
        await withWorker.http
          .post('/api/requests')
          .send(requestPayload(phone, district, withWorker.clock.now()))
          .expect(201);
      }
      // Each request: the customer's confirmation and the administrator's notice.
      await waitFor(() => double.messages.length >= SENT_PHONES.length * 2, 30_000, 'the first messages to be sent');

      image = png(64, 48, 3000);
      const auth = { Authorization: `Bearer ${token}` };
      const ticket = (await withWorker.http.post('/api/admin/stickers/upload-url').set(auth).send({ contentType: 'image/png' }).expect(200))
        .body as { uploadURL: string; objectPath: string };
      await withWorker.http.put(ticket.uploadURL).set('content-type', 'image/png').send(image).expect(200);
      await withWorker.http
        .post('/api/admin/stickers')
        .set(auth)
        .send({ objectPath: ticket.objectPath, originalName: 'ملصق الحفظ.png', description: 'شكراً' })
        .expect(201);
    } finally {
      await withWorker.close();
    }

    // Then the api alone (its worker is down): two more requests, whose messages stay queued.
    const apiOnly = await createTestApp({ worker: false, keepQueuedMessages: true, env: appEnv(sourceUrl, dataA) });
    try {
      const district = await someDistrict(apiOnly.app.get(DataSource));
      for (const phone of QUEUED_PHONES) {
        await apiOnly.http
          .post('/api/requests')
          .send(requestPayload(phone, district, apiOnly.clock.now()))
          .expect(201);
      }
      before = await snapshot(apiOnly);
      expect(before.requests).toHaveLength(SENT_PHONES.length + QUEUED_PHONES.length);
      expect(before.attempts.filter((a) => a.status === 'queued')).toHaveLength(QUEUED_PHONES.length * 2);
      expect(before.attempts.filter((a) => a.status === 'sent')).toHaveLength(SENT_PHONES.length * 2);

      // A job the source's Redis still holds under the id a restored message would be queued with,
      // delayed an hour (as a deferred or retried message's job is): adding that id again is a no-op.
      const queue = apiOnly.app.get<Queue>(getQueueToken(QUEUES.whatsappDelivery));
      const held = before.attempts.find((a) => a.status === 'queued' && a.whatsapp === e164(QUEUED_PHONES[0]))!;
      const jobId = `${held.idempotency_key as string}.${held.claims as number}`;
      await queue.remove(jobId);
      await queue.add(
        JOBS.deliverAttempt,
        { attemptId: held.attempt_id as number, claim: held.claims as number, key: held.idempotency_key as string },
        { jobId, delay: 60 * 60_000 },
      );

      // The backup, while this app runs.
      mkdirSync(join(work, 'backups'));
      const backup = await runOps(build, 'backup.js', [archive()], opsEnv(sourceUrl, dataA));
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/^Backup written: .*charity\.tar \(\d+ KB; 1 files\)/);
      console.log(`backup: ${backup.stdout.trim()} (command ${backup.ms} ms)`);
    } finally {
      await apiOnly.close();
    }
    // Nothing but the archive is left in the folder (no staging folder, no partial file).
    expect(readdirSync(join(work, 'backups'))).toEqual(['charity.tar']);
  }, 180_000);

  it('restores into an empty database and files folder, and refuses one that is not empty', async () => {
    const dataB = join(work, 'data-restored');
    const restore = await runOps(build, 'restore.js', [archive()], opsEnv(restoredUrl, dataB));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/5 requests, 2 users, 1 files, 4 messages still to send/);
    console.log(`restore: ${restore.stdout.trim()} (command ${restore.ms} ms)`);
    // It ends with ANALYZE: the planner knows the restored tables before the first request arrives.
    const check = new pg.Client({ connectionString: restoredUrl });
    await check.connect();
    const { rows: analysed } = await check.query(`SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL ORDER BY relname`);
    await check.end();
    expect(analysed.map((r: { relname: string }) => r.relname)).toEqual(
      expect.arrayContaining(['requests', 'assurance_attempts', 'users']),
    );

    const again = await runOps(build, 'restore.js', [archive()], opsEnv(restoredUrl, dataB));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Refusing to restore: the database holds \d+ tables/);
    expect(again.stderr).toContain('is not empty (stickers/');
    expect(again.stderr).toContain('--overwrite');
  }, 120_000);

  it('starts on the restored data: the same requests, users and sticker, and no message sent twice', async () => {
    const sentBefore = double.messages.length;
    const restored = await createTestApp({ worker: true, keepQueuedMessages: true, env: appEnv(restoredUrl, join(work, 'data-restored')) });
    try {
      // Every message queued at backup time goes out, the one shadowed by the stale job included.
      const queuedNumbers = QUEUED_PHONES.map(e164);
      await waitFor(
        () => queuedNumbers.every((n) => double.sentTo(n).length >= 1) && double.messages.length >= sentBefore + QUEUED_PHONES.length * 2,
        30_000,
        'the queued messages to be sent from the restored database',
      );
      // A few more sweeps: nothing else is sent.
      await new Promise((r) => setTimeout(r, 2_000));
      for (const n of SENT_PHONES.map(e164)) expect(double.sentTo(n)).toHaveLength(1);
      for (const n of queuedNumbers) expect(double.sentTo(n)).toHaveLength(1);
      expect(double.sentTo(ADMIN_NUMBER)).toHaveLength(SENT_PHONES.length + QUEUED_PHONES.length);
      expect(double.messages).toHaveLength(sentBefore + QUEUED_PHONES.length * 2);

      // The administrator's session of before the backup still works: the same data comes back.
      const after = await snapshot(restored);
      expect(after.requests).toEqual(before.requests);
      expect(after.users).toEqual(before.users);
      expect(after.stickers.map(({ url: _url, ...s }) => s)).toEqual(before.stickers.map(({ url: _url, ...s }) => s));
      // Messages: sent stayed sent; the queued ones are sent now, under new job keys.
      const byId = new Map(after.attempts.map((a) => [a.attempt_id, a]));
      for (const old of before.attempts) {
        const now = byId.get(old.attempt_id)!;
        expect(now.status).toBe('sent');
        if (old.status === 'sent') expect(now.idempotency_key).toBe(old.idempotency_key);
        else expect(now.idempotency_key).not.toBe(old.idempotency_key);
      }
      // The sticker, byte for byte.
      expect(after.stickers).toHaveLength(1);
      expect(Buffer.compare(await download(restored, after.stickers[0].url!), image)).toBe(0);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('the daily schedule backs up at start when nothing is recent, keeps the newest BACKUP_KEEP and marks each success', async () => {
    const dir = join(work, 'daily');
    mkdirSync(dir);
    const day = 24 * 60 * 60_000;
    const old = [5, 4, 3].map((days) => archiveName(new Date(Date.now() - days * day)));
    for (const name of old) writeFileSync(join(dir, name), 'an older archive');
    writeFileSync(join(dir, 'notes.txt'), 'not an archive: never touched');
    const env = { ...opsEnv(sourceUrl, join(work, 'data-source')), BACKUP_DIR: dir, BACKUP_KEEP: '2', LOG_LEVEL: 'info' };

    const first = startOps(build, 'backup-schedule.js', env);
    try {
      await waitFor(() => first.output().includes('next backup scheduled'), 60_000, 'the schedule to settle after its first backup');
    } finally {
      first.child.kill('SIGTERM');
    }
    const names = readdirSync(dir).sort();
    const taken = names.filter((n) => /^backup-.*\.tar$/.test(n) && !old.includes(n));
    expect(taken).toHaveLength(1);
    expect(names).toEqual(['.last-success', old[2], ...taken, 'notes.txt'].sort());
    expect(existsSync(join(dir, '.last-success'))).toBe(true);
    const entries: string[] = [];
    await tar.t({ file: join(dir, taken[0]), onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toEqual(['manifest.json', 'database.dump', expect.stringMatching(/^files\/stickers\/[A-Za-z0-9_-]+\.png$/)]);
    // The next one is planned for 03:00 in Riyadh (00:00 UTC).
    expect(first.output()).toMatch(/"next":"\d{4}-\d{2}-\d{2}T00:00:00\.000Z"/);

    // Started again with a backup younger than 24 hours: none at start.
    const second = startOps(build, 'backup-schedule.js', env);
    try {
      await waitFor(() => second.output().includes('next backup scheduled'), 30_000, 'the schedule to start');
    } finally {
      second.child.kill('SIGTERM');
    }
    expect(second.output()).not.toContain('daily backup done');
    expect(readdirSync(dir).sort()).toEqual(names);
  }, 120_000);

  it('with S3 storage, copies the objects into the archive and puts them back into an empty bucket', async () => {
    const s3server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: join(work, 's3'),
      configureBuckets: [
        { name: 'source-bucket', configs: [] },
        { name: 'restored-bucket', configs: [] },
      ],
    });
    const { port } = (await s3server.run()) as { port: number };
    const endpoint = `http://127.0.0.1:${port}`;
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const s3Env = (bucket: string) => ({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const bytes = async (bucket: string, key: string) =>
      Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray());
    try {
      const objects = { 'stickers/S3stickerAb12.png': png(20, 10), 'governance/S3documentCd34.pdf': pdf('لائحة') };
      for (const [key, body] of Object.entries(objects)) {
        await s3.send(new PutObjectCommand({ Bucket: 'source-bucket', Key: key, Body: body, ContentType: 'application/octet-stream' }));
      }
      const file = join(work, 'backups', 's3.tar');
      const backup = await runOps(build, 'backup.js', [file], { ...opsEnv(sourceUrl, join(work, 'data-s3')), ...s3Env('source-bucket') });
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(/\(\d+ KB; 2 files\)/);
      const entries: string[] = [];
      await tar.t({ file, onReadEntry: (entry) => entries.push(entry.path) });
      expect(entries.sort()).toEqual([
        'database.dump',
        'files/governance/S3documentCd34.pdf',
        'files/stickers/S3stickerAb12.png',
        'manifest.json',
      ]);

      await createDatabase(server.url('postgres'), 'restored_s3');
      const env = { ...opsEnv(server.url('restored_s3'), join(work, 'data-s3-restored')), ...s3Env('restored-bucket') };
      const restore = await runOps(build, 'restore.js', [file], env);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      for (const [key, body] of Object.entries(objects)) expect(Buffer.compare(await bytes('restored-bucket', key), body)).toBe(0);
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'restored-bucket' }));
      expect(listed.Contents?.map((o) => o.Key).sort()).toEqual(Object.keys(objects).sort());

      // A bucket that holds anything is refused, like a files folder.
      await createDatabase(server.url('postgres'), 'restored_s3_again');
      const again = await runOps(build, 'restore.js', [file], { ...env, DATABASE_URL: server.url('restored_s3_again') });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^Refusing to restore: the bucket restored-bucket is not empty \(/);
    } finally {
      s3.destroy();
      await s3server.close();
    }
  }, 120_000);
});
