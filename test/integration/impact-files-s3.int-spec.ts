import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const BUCKET = 'charity-impact';

const binary = (res: { on: Function }, done: (e: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** With STORAGE_DRIVER=s3 a drawn impact report lives in the bucket (a real S3-compatible server, s3rver). */
describe('impact report files in S3-compatible storage', () => {
  let server: S3rver;
  let t: TestApp;
  let s3: S3Client;

  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: mkdtempSync(join(tmpdir(), 's3rver-impact-')),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = (await server.run()) as { port: number };
    const endpoint = `http://127.0.0.1:${port}`;
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    t = await createTestApp({
      env: {
        REDIS_PREFIX: `${testState().redisPrefix}:impact-s3`,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  });
  afterAll(async () => {
    await t?.close();
    s3?.destroy();
    await server?.close();
  });

  it('stores the PDF in the bucket on the first download and serves the same bytes from it after', async () => {
    const auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'impact-s3-admin')).token}` };
    const { body: report } = await t.http
      .post('/api/admin/impact-reports')
      .set(auth)
      .send({ title: 'تقرير في التخزين السحابي', startDate: '2023-04-01', endDate: '2023-04-30' })
      .expect(201);
    const first = await t.http.get(`/api/impact/${report.shareToken}/download`).buffer(true).parse(binary).expect(200);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'impact/' }));
    const keys = (listed.Contents ?? []).map((o) => o.Key!);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^impact\/[0-9a-f]{32}-p1\.pdf$/);
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: keys[0] }));
    expect(object.ContentType).toBe('application/pdf');
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect((first.body as Buffer).equals(stored)).toBe(true);
    const admin = await t.http.get(`/api/admin/impact-reports/${report.id}/download`).set(auth).buffer(true).parse(binary).expect(200);
    expect((admin.body as Buffer).equals(stored)).toBe(true);
  });
});
