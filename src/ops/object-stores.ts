import { createReadStream, createWriteStream } from 'node:fs';
import { chown, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config/app-config';
import { createS3Client } from '../modules/files/s3-storage';

/** One stored file as the manifest lists it. */
export interface StoredObject {
  /** The object path the database refers to, e.g. "stickers/Ab3….png". */
  key: string;
  size: number;
  /** S3's ETag (quoted, as S3 gives it); local files have none. */
  etag?: string;
}

/** Object paths are made by the server; anything else in an archive is refused (no "..", no absolute path). */
export const SAFE_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}\/)*[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Where the uploaded files are, as backup and restore see them: a folder, or a bucket. */
export interface ObjectStore {
  readonly driver: 'local' | 's3';
  readonly describe: string;
  list(): Promise<StoredObject[]>;
  /** A few keys when not empty (for the refusal message), [] when empty. */
  sample(): Promise<string[]>;
  /**
   * Backup: a folder holding exactly the listed objects under their keys. Local storage is that
   * folder already; S3 objects are downloaded into `staging` first.
   */
  materialise(objects: StoredObject[], staging: string): Promise<string>;
  /** Restore: puts the files of `folder` (keys relative to it) in place; --overwrite clears first. */
  load(folder: string, objects: StoredObject[], overwrite: boolean): Promise<void>;
}

export function objectStoreFor(config: AppConfig): ObjectStore {
  return config.storage.driver === 's3' ? new S3Objects(createS3Client(config), config.storage.s3.bucket ?? '') : new LocalObjects(config);
}

class LocalObjects implements ObjectStore {
  readonly driver = 'local' as const;
  readonly describe: string;
  private readonly dir: string;

  constructor(config: AppConfig) {
    this.dir = config.storage.localDir;
    this.describe = `the files folder ${this.dir}`;
  }

  async list(): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    let names: string[];
    try {
      names = await readdir(this.dir, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    for (const name of names.sort()) {
      // A `.part` is an upload in progress: not an object yet (local-storage.ts).
      if (name.endsWith('.part')) continue;
      const info = await stat(join(this.dir, name)).catch(() => null);
      if (!info?.isFile()) continue;
      out.push({ key: name.split(sep).join('/'), size: info.size });
    }
    return out;
  }

  async sample(): Promise<string[]> {
    // Empty folders left by the app (stickers/, governance/) do not count; any file does.
    return [...(await filesUnder(this.dir)).keys()].slice(0, 5);
  }

  async materialise(): Promise<string> {
    return this.dir;
  }

  async load(folder: string, _objects: StoredObject[], overwrite: boolean): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // The folder itself may be a mount point: its content goes, not the folder.
    if (overwrite) for (const name of await readdir(this.dir)) await rm(join(this.dir, name), { recursive: true, force: true });
    // The app must be able to read what root restored (the container runs as its own user).
    const owner = await stat(dirname(this.dir));
    const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (asRoot) await chown(this.dir, owner.uid, owner.gid);
    // An archive with no stored files has no files/ folder.
    const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    for (const name of names) {
      const target = join(this.dir, name);
      try {
        await rename(join(folder, name), target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyTree(join(folder, name), target);
      }
      if (asRoot) await chownTree(target, owner.uid, owner.gid);
    }
  }
}

class S3Objects implements ObjectStore {
  readonly driver = 's3' as const;
  readonly describe: string;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {
    this.describe = `the bucket ${bucket}`;
  }

  async list(): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key) out.push({ key: item.Key, size: item.Size ?? 0, etag: item.ETag });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  async sample(): Promise<string[]> {
    const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 5 }));
    return (page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
  }

  async materialise(objects: StoredObject[], staging: string): Promise<string> {
    const folder = join(staging, 'objects');
    for (const object of objects) {
      if (!SAFE_KEY.test(object.key)) throw new Error(`The bucket holds an object this app never writes: ${JSON.stringify(object.key)}`);
      const target = join(folder, object.key);
      await mkdir(dirname(target), { recursive: true });
      const body = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: object.key, IfMatch: object.etag }));
      await pipeline(body.Body as Readable, createWriteStream(target, { mode: 0o600 }));
    }
    return folder;
  }

  async load(folder: string, objects: StoredObject[]): Promise<void> {
    // Overwriting a bucket is putting every archived object again; objects not in the archive stay.
    for (const object of objects) {
      const file = join(folder, object.key);
      const size = (await stat(file)).size;
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: object.key, Body: createReadStream(file), ContentLength: size }),
      );
    }
  }
}

async function copyTree(from: string, to: string): Promise<void> {
  const info = await stat(from);
  if (info.isDirectory()) {
    await mkdir(to, { recursive: true, mode: 0o700 });
    for (const name of await readdir(from)) await copyTree(join(from, name), join(to, name));
    return;
  }
  await pipeline(createReadStream(from), createWriteStream(to, { mode: info.mode & 0o777 }));
}

async function chownTree(path: string, uid: number, gid: number): Promise<void> {
  await chown(path, uid, gid);
  if (!(await stat(path)).isDirectory()) return;
  for (const name of await readdir(path, { recursive: true })) await chown(join(path, name), uid, gid);
}

/** Keys of a folder's files, relative to it, '/'-separated. */
export async function filesUnder(folder: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  let names: string[];
  try {
    names = await readdir(folder, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return out;
    throw error;
  }
  for (const name of names) {
    const info = await stat(join(folder, name));
    if (info.isFile()) out.set(relative(folder, join(folder, name)).split(sep).join('/'), info.size);
  }
  return out;
}
