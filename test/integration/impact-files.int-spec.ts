import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ImpactRenderer } from '../../src/modules/reports/impact/impact-renderer';
import type { ImpactRenderTask } from '../../src/modules/reports/impact/impact-render.worker';
import { signInAdmin } from '../support/admin-session';
import { maximalImpactReport } from '../support/impact-report';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const binary = (res: { on: Function }, done: (e: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * Issue 22 finding 1: the impact report's PDF and preview image are drawn once per report, in a worker
 * thread, kept in the file storage and served from it; the public routes are limited per address.
 */
describe('impact report files: drawn once, stored, limited per address', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  const draws: ImpactRenderTask['kind'][] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:impact-files`, TRUST_PROXY: 'true' } });
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'impact-files-admin')).token}` };
    // Counts the draws; the real pool still draws every one.
    const renderer = t.app.get(ImpactRenderer);
    const render = renderer.render.bind(renderer);
    renderer.render = (task) => {
      draws.push(task.kind);
      return render(task);
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const stored = (ext: string) => {
    try {
      return readdirSync(join(t.config.storage.localDir, 'impact')).filter((name) => name.endsWith(ext));
    } catch {
      return [];
    }
  };
  const download = (path: string, ip: string) => t.http.get(path).set('x-forwarded-for', ip).buffer(true).parse(binary);

  it('draws a report once for 8 first downloads at once, stores it, and serves everyone, the administrator too, from storage', async () => {
    const created = await t.http.post('/api/admin/impact-reports').set(auth).send(maximalImpactReport()).expect(201);
    const { id, shareToken } = created.body as { id: number; shareToken: string };
    draws.length = 0;

    const first = await Promise.all(
      Array.from({ length: 8 }, (_, i) => download(`/api/impact/${shareToken}/download`, `203.0.113.${i + 1}`).expect(200)),
    );
    expect(draws).toEqual(['pdf']);
    const files = stored('.pdf');
    expect(files).toHaveLength(1);
    // Named by a hash: the share token is not in the storage.
    expect(files[0]).not.toContain(shareToken);
    const bytes = readFileSync(join(t.config.storage.localDir, 'impact', files[0]));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const res of first) {
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(Number(res.headers['content-length'])).toBe(bytes.length);
      expect((res.body as Buffer).equals(bytes)).toBe(true);
    }

    const later = await download(`/api/impact/${shareToken}/download?inline=1`, '203.0.113.50').expect(200);
    expect(later.headers['content-disposition']).toMatch(/^inline; /);
    const admin = await t.http.get(`/api/admin/impact-reports/${id}/download`).set(auth).buffer(true).parse(binary).expect(200);
    expect(admin.headers['content-disposition']).toMatch(/^attachment; /);
    expect((admin.body as Buffer).equals(bytes)).toBe(true);
    expect(draws).toEqual(['pdf']);
  });

  it('draws the link-preview image once and serves it from storage after', async () => {
    const created = await t.http
      .post('/api/admin/impact-reports')
      .set(auth)
      .send({ title: 'صورة المعاينة', startDate: '2023-02-01', endDate: '2023-02-28' });
    const { shareToken } = created.body as { shareToken: string };
    draws.length = 0;
    const pngs = stored('.png').length;
    const [a, b] = await Promise.all([
      download(`/api/impact/${shareToken}/og.png`, '203.0.113.60').expect(200),
      download(`/api/impact/${shareToken}/og.png`, '203.0.113.61').expect(200),
    ]);
    const c = await download(`/api/impact/${shareToken}/og.png`, '203.0.113.62').expect(200);
    expect(draws).toEqual(['image']);
    expect(stored('.png')).toHaveLength(pngs + 1);
    expect(a.headers['content-type']).toBe('image/png');
    expect((a.body as Buffer).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect((b.body as Buffer).equals(a.body as Buffer)).toBe(true);
    expect((c.body as Buffer).equals(a.body as Buffer)).toBe(true);
  });

  it('limits the PDF and the preview image to 20 a minute per address, in Arabic, while other addresses go on', async () => {
    const created = await t.http
      .post('/api/admin/impact-reports')
      .set(auth)
      .send({ title: 'حد التحميل', startDate: '2023-03-01', endDate: '2023-03-31' });
    const { shareToken } = created.body as { shareToken: string };
    const ip = '198.51.100.77';
    for (let i = 0; i < 15; i++) await download(`/api/impact/${shareToken}/download`, ip).expect(200);
    for (let i = 0; i < 5; i++) await download(`/api/impact/${shareToken}/og.png`, ip).expect(200);
    const refused = await t.http.get(`/api/impact/${shareToken}/download`).set('x-forwarded-for', ip).expect(429);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await t.http.get(`/api/impact/${shareToken}/og.png`).set('x-forwarded-for', ip).expect(429);
    // Reading the report itself is not limited, and another address still downloads.
    await t.http.get(`/api/impact/${shareToken}`).set('x-forwarded-for', ip).expect(200);
    await download(`/api/impact/${shareToken}/download`, '198.51.100.78').expect(200);
  });
});
