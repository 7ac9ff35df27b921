import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrations } from '../../src/database/migrations';
import type { Sticker, UploadTicket } from '../../src/shared/api/content-admin';
import { freePort, HttpsClient, plainHttp, Proc, stoppedCleanly, within } from '../support/production-processes';
import { ADMIN, CONTENT_SID, ProductionStack, SITE } from '../support/production-stack';
import { requestPayload } from '../support/request-payload';
import { png } from '../support/sample-files';
import { waitFor } from '../support/wait-for';

// The visitor's machine: a loopback address of its own, so that it is neither Caddy's (127.0.0.1)
// nor anything the visitor writes into a header.
const VISITOR = '127.0.0.2';
// A foreign address (outside the allowed countries): believed, the geo check would refuse the login.
const FORGED = '185.220.101.1';

/**
 * The production shape without docker (issue 21, item 3): `node dist/src/migrate.js`, then the
 * compiled api and worker as separate processes with NODE_ENV=production, the twilio driver against
 * the local double, S3 storage against a local S3 server, and a real Caddy with the repository's
 * Caddyfile in front (its internal CA, local ports). Everything is asserted through the proxy.
 */
describe('production shape: one api and one worker behind Caddy', () => {
  let stack: ProductionStack;
  let apiPort: number;
  let api: Proc;
  let worker: Proc;
  let visitor: HttpsClient;

  beforeAll(async () => {
    stack = await ProductionStack.start();
    apiPort = await freePort();
  }, 120_000);

  afterAll(async () => {
    visitor?.close();
    await stack?.close();
  }, 60_000);

  it('refuses to start an api on a database not yet migrated; migrate.js migrates once and exits 0', async () => {
    const early = stack.spawnApi('early-api', apiPort);
    const exit = await within(early.exited, 60_000);
    expect(exit).toEqual({ code: 1, signal: null });
    expect(early.lines.join('\n')).toContain(`MIGRATE_ON_START=false and ${migrations.length} database migration(s) are pending`);

    const migrate = await stack.migrate();
    expect(await migrate.exited).toEqual({ code: 0, signal: null });
    const [{ n }] = (await stack.db.query('SELECT count(*)::int AS n FROM schema_migrations')).rows;
    expect(n).toBe(migrations.length);
    // The seeds ran too: the first administrator exists.
    expect((await stack.db.query('SELECT username FROM users')).rows).toEqual([{ username: ADMIN.username }]);

    [api, worker] = await Promise.all([stack.startApi('api', apiPort), stack.startWorker('worker'), stack.startCaddy([apiPort])]);
    visitor = stack.client(VISITOR);
  }, 240_000);

  it('answers over HTTPS through Caddy: health, one HSTS header, compression, http redirected to https', async () => {
    const health = await visitor.request('GET', '/api/health');
    expect(health.status).toBe(200);
    // The api sees the worker process through its heartbeat in the database.
    expect(health.json()).toMatchObject({ status: 'ok', checks: { database: 'up', redis: 'up', queue: 'up', worker: 'up' } });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const options = await visitor.request('GET', '/api/simple-location-options', { headers: { 'accept-encoding': 'gzip' } });
    expect(options.status).toBe(200);
    expect(options.headers['content-encoding']).toBe('gzip');

    const plain = await plainHttp(stack.httpPort, SITE, '/api/health');
    expect(plain.status).toBe(308);
    expect(plain.location).toBe(`https://${SITE}/api/health`);
  });

  it("records the visitor's own address for a failed login: not a forged X-Forwarded-For, not Caddy's", async () => {
    const username = `intruder-${Date.now()}`;
    const refused = await visitor.request('POST', '/api/auth/login', {
      headers: { 'x-forwarded-for': FORGED },
      json: { username, password: 'not-the-password' },
    });
    // Wrong name (401), not GEO_BLOCKED (403): the geo check did not see the forged foreign address.
    expect(refused.status).toBe(401);
    expect(refused.json().code).toBe('INVALID_CREDENTIALS');
    const { rows } = await stack.db.query('SELECT ip_address, country_code, failure_reason FROM login_attempts WHERE username = $1', [
      username,
    ]);
    expect(rows).toEqual([{ ip_address: VISITOR, country_code: null, failure_reason: 'invalid_username' }]);
  });

  it("delivers a request submitted through Caddy: the host's confirmation reaches the Twilio double", async () => {
    const [{ value: district }] = (
      await stack.db.query(`SELECT value FROM simple_districts WHERE area_value = 'yanbu_city' AND is_active ORDER BY id LIMIT 1`)
    ).rows;
    const created = await visitor.request('POST', '/api/requests', { json: requestPayload('0551234567', district) });
    expect(created.status).toBe(201);
    const id = created.json().id as number;

    const confirmation = await waitFor(
      () => stack.double.sentTo('+966551234567').find((m) => m.contentSid === CONTENT_SID.requestConfirmation),
      30_000,
      'the confirmation at the double',
    );
    expect(confirmation.contentVariables).toMatchObject({ '2': String(id) });
    // Twilio is told to report delivery to the public address, which Caddy serves.
    expect(confirmation.statusCallback).toBe(`${stack.origin}/api/webhooks/twilio/status`);
    const [{ ip_address }] = (await stack.db.query('SELECT ip_address FROM requests WHERE id = $1', [id])).rows;
    expect(ip_address).toBe(VISITOR);
  });

  it('keeps a sticker uploaded through Caddy (admin session, S3 upload) and serves it after the api restarts', async () => {
    const token = await stack.adminToken(visitor);
    const auth = { authorization: `Bearer ${token}` };
    const image = png(24, 12);
    const ticketReply = await visitor.request('POST', '/api/admin/stickers/upload-url', {
      headers: auth,
      json: { contentType: 'image/png' },
    });
    expect(ticketReply.status).toBe(200);
    const ticket = ticketReply.json() as UploadTicket;
    expect(ticket.uploadURL.startsWith(`${stack.s3Endpoint}/`)).toBe(true);
    // The browser's part: PUT straight to the bucket with the signed Content-Type.
    const put = await fetch(ticket.uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(image) });
    expect(put.status).toBe(200);
    const created = await visitor.request('POST', '/api/admin/stickers', {
      headers: auth,
      json: { objectPath: ticket.objectPath, originalName: 'شعار.png' },
    });
    expect(created.status).toBe(201);
    const id = (created.json() as Sticker).id;

    const stopped = await api.stop();
    expect(stoppedCleanly(stopped)).toBe(true);
    api = await stack.startApi('api-restarted', apiPort);

    // Same session (it lives in the database), same file (it lives in the bucket).
    const listed = await waitFor(
      async () => {
        const reply = await visitor.request('GET', '/api/admin/stickers', { headers: auth });
        return reply.status === 200 ? (reply.json() as Sticker[]) : null;
      },
      30_000,
      'the sticker list through Caddy after the restart',
    );
    const sticker = listed.find((s) => s.id === id);
    expect(sticker?.url).toBeTruthy();
    const served = await fetch(sticker!.url!);
    expect(served.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), image)).toBe(0);
  }, 120_000);

  it('stops the api, the worker and Caddy within 10 s of SIGTERM, each exiting cleanly', async () => {
    const results = await Promise.all([api, worker, stack.caddy!].map(async (proc) => ({ name: proc.name, ...(await proc.stop()) })));
    process.stdout.write(
      results.map((r) => `${r.name} stopped ${r.ms} ms after SIGTERM (code ${r.code}, signal ${r.signal})`).join('\n') + '\n',
    );
    expect(results.filter((result) => !stoppedCleanly(result))).toEqual([]);
    // Each closed down rather than being cut off: the app processes say so before they go.
    expect(api.logs().some((entry) => entry.msg === 'shutting down')).toBe(true);
    expect(worker.logs().some((entry) => entry.msg === 'worker shutting down')).toBe(true);
  }, 60_000);
});
