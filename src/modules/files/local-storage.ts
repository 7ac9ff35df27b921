import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { AppConfig } from '../../config/app-config';
import { deriveKey, randomToken } from '../../common/crypto/secrets';
import type { Clock } from '../../common/clock/clock';
import { FileErrors } from './file-errors';
import { readLink, signLink, type DownloadClaims } from './signed-links';
import { FileStorage, type DownloadOptions } from './storage';

/** Object paths are made by the server (folder/random.ext); anything else never touches the disk. */
const OBJECT_PATH = /^[a-z]+\/[A-Za-z0-9_-]{8,64}\.[a-z0-9]{2,5}$/;

class TooLarge extends Error {}

/**
 * Files under the data folder. The browser PUTs to a signed link of this server
 * (PUT /api/files/upload?token=…) and reads through another (GET /api/files/download?token=…).
 */
export class LocalFileStorage extends FileStorage {
  readonly driver = 'local' as const;
  private readonly key: Buffer;
  private readonly dir: string;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
    this.key = deriveKey(config.appSecret, 'file-links');
    this.dir = config.storage.localDir;
  }

  async uploadUrl(objectPath: string, contentType: string, maxBytes: number): Promise<string> {
    const exp = Math.floor(this.clock.now().getTime() / 1000) + this.config.storage.uploadUrlTtlSeconds;
    const token = signLink(this.key, { kind: 'upload', path: objectPath, type: contentType, max: maxBytes, exp });
    return `/api/files/upload?token=${token}`;
  }

  async downloadUrl(objectPath: string, options: DownloadOptions): Promise<string> {
    const exp = Math.floor(this.clock.now().getTime() / 1000) + this.config.storage.downloadUrlTtlSeconds;
    const claims: DownloadClaims = {
      kind: 'download',
      path: objectPath,
      type: options.contentType,
      name: options.fileName,
      disp: options.disposition,
      exp,
    };
    return `/api/files/download?token=${signLink(this.key, claims)}`;
  }

  async size(objectPath: string): Promise<number | null> {
    try {
      const info = await stat(this.file(objectPath));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  async read(objectPath: string): Promise<Readable> {
    return createReadStream(this.file(objectPath));
  }

  async write(objectPath: string, body: Buffer): Promise<void> {
    const target = this.file(objectPath);
    await mkdir(dirname(target), { recursive: true });
    // A private temporary name, then a rename: atomic on one file system, and two writers of the same
    // bytes simply replace each other.
    const part = `${target}.${randomToken(6)}.part`;
    try {
      await writeFile(part, body, { flag: 'wx', mode: 0o600 });
      await rename(part, target);
    } catch (error) {
      await unlink(part).catch(() => undefined);
      throw error;
    }
  }

  async remove(objectPath: string): Promise<void> {
    await unlink(this.file(objectPath)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  /**
   * Takes a PUT: the link must be valid, the Content-Type the signed one, the body within the signed
   * size. The bytes go to a `.part` file created exclusively (two PUTs at once: one wins) and become
   * the object by a hard link that never replaces an existing file (a second use: refused). Any
   * failure, including the client going away, removes the part: nothing half-written stays.
   */
  async receive(
    token: unknown,
    contentType: string | undefined,
    declaredLength: number | undefined,
    body: Readable,
  ): Promise<{ objectPath: string; size: number; contentType: string }> {
    const claims = readLink(this.key, token, 'upload', this.clock.now().getTime());
    if (!claims || !OBJECT_PATH.test(claims.path)) throw FileErrors.UPLOAD_LINK_INVALID();
    if ((contentType ?? '').split(';')[0].trim().toLowerCase() !== claims.type) throw FileErrors.UPLOAD_TYPE_MISMATCH();
    if (declaredLength !== undefined && declaredLength > claims.max) throw FileErrors.FILE_TOO_LARGE(tooLargeMessage(claims.max));
    const target = this.file(claims.path);
    if ((await this.size(claims.path)) !== null) throw FileErrors.UPLOAD_LINK_USED();
    await mkdir(dirname(target), { recursive: true });
    const part = `${target}.part`;
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > claims.max ? new TooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(part, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw FileErrors.UPLOAD_LINK_USED();
      await unlink(part).catch(() => undefined);
      if (error instanceof TooLarge) throw FileErrors.FILE_TOO_LARGE(tooLargeMessage(claims.max));
      throw FileErrors.FILE_NOT_UPLOADED();
    }
    try {
      await link(part, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw FileErrors.UPLOAD_LINK_USED();
      throw error;
    } finally {
      await unlink(part).catch(() => undefined);
    }
    return { objectPath: claims.path, size, contentType: claims.type };
  }

  /** Opens a file for a signed download link. */
  async open(token: unknown): Promise<{ claims: DownloadClaims; size: number; stream: Readable }> {
    const claims = readLink(this.key, token, 'download', this.clock.now().getTime());
    if (!claims || !OBJECT_PATH.test(claims.path)) throw FileErrors.DOWNLOAD_LINK_INVALID();
    const size = await this.size(claims.path);
    if (size === null) throw FileErrors.DOWNLOAD_LINK_INVALID('الملف غير موجود');
    return { claims, size, stream: await this.read(claims.path) };
  }

  private file(objectPath: string): string {
    if (!OBJECT_PATH.test(objectPath)) throw FileErrors.UPLOAD_LINK_INVALID();
    return join(this.dir, objectPath);
  }
}

function tooLargeMessage(max: number): string {
  return `حجم الملف كبير جداً، الحد الأقصى ${Math.round(max / (1024 * 1024))} ميغابايت`;
}
