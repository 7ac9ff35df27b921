import { Injectable, Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { randomToken } from '../../common/crypto/secrets';
import { DomainException } from '../../common/errors/domain.exception';
import { extensionOfType, FILE_KINDS, FILE_MESSAGES, safeFileName, withoutUnsafeExtensions, type FileKind } from '../../shared/files';
import { checkContent } from './content-check';
import { FileErrors } from './file-errors';
import { LocalFileStorage } from './local-storage';
import { FileStorage, type DownloadOptions } from './storage';

export interface IssuedUpload {
  uploadURL: string;
  objectPath: string;
  /** The Content-Type the PUT must carry. */
  contentType: string;
  maxBytes: number;
}

export interface StoredFile {
  objectPath: string;
  size: number;
  mimeType: string;
  width: number | null;
  height: number | null;
}

/**
 * Uploads for the modules that keep files (stickers, governance documents): issue a signed upload,
 * then, when the record is made, check what actually arrived; and files the server draws itself
 * (impact reports' PDF and preview image), stored once and read back. Nothing else reads the storage
 * driver.
 */
@Injectable()
export class FilesService {
  private readonly logger = new Logger('files');

  constructor(private readonly storage: FileStorage) {}

  async issueUpload(kind: FileKind, contentType: unknown): Promise<IssuedUpload> {
    const rule = FILE_KINDS[kind];
    const type = typeof contentType === 'string' ? contentType.trim().toLowerCase() : '';
    const entry = rule.types[type];
    if (!entry) {
      const message = kind === 'sticker' ? FILE_MESSAGES.stickerType : FILE_MESSAGES.documentType;
      throw DomainException.validation({ contentType: message }, message);
    }
    const objectPath = `${rule.prefix}/${randomToken(18)}.${entry.ext}`;
    const uploadURL = await this.guard(() => this.storage.uploadUrl(objectPath, type, rule.maxBytes));
    return { uploadURL, objectPath, contentType: type, maxBytes: rule.maxBytes };
  }

  /** The local driver's PUT: stored, then checked by content; a mismatch is deleted at once. */
  async receiveLocal(token: unknown, contentType: string | undefined, length: number | undefined, body: Readable) {
    if (!(this.storage instanceof LocalFileStorage)) throw FileErrors.UPLOAD_LINK_INVALID();
    const received = await this.storage.receive(token, contentType, length, body);
    const kind = kindOf(received.objectPath);
    const checked = kind ? await checkContent(kind, received.contentType, () => this.storage.read(received.objectPath)) : null;
    if (!checked?.matches) {
      await this.storage.remove(received.objectPath);
      throw FileErrors.FILE_CONTENT_MISMATCH();
    }
    return { objectPath: received.objectPath, size: received.size };
  }

  /**
   * What arrived under an issued path, checked again whatever the driver (with S3 the PUT never
   * passed through here): the path is one we issue for this kind, the object exists, its size is
   * within the limit and its bytes are of its type. Anything refused is deleted.
   */
  async verify(kind: FileKind, objectPath: unknown, field = 'objectPath'): Promise<StoredFile> {
    const rule = FILE_KINDS[kind];
    const path = typeof objectPath === 'string' ? objectPath : '';
    const ext = new RegExp(`^${rule.prefix}/[A-Za-z0-9_-]{24}\\.([a-z]+)$`).exec(path)?.[1];
    const mimeType = Object.entries(rule.types).find(([, t]) => t.ext === ext)?.[0];
    if (!mimeType)
      throw DomainException.validation({ [field]: 'مسار الملف غير صالح، أعد رفع الملف' }, 'مسار الملف غير صالح، أعد رفع الملف');
    const size = await this.guard(() => this.storage.size(path));
    if (size === null || size === 0) throw FileErrors.FILE_NOT_UPLOADED();
    if (size > rule.maxBytes) {
      await this.remove(path);
      throw FileErrors.FILE_TOO_LARGE(kind === 'sticker' ? FILE_MESSAGES.stickerSize : FILE_MESSAGES.documentSize);
    }
    const checked = await this.guard(() => checkContent(kind, mimeType, () => this.storage.read(path)));
    if (!checked.matches) {
      await this.remove(path);
      throw FileErrors.FILE_CONTENT_MISMATCH();
    }
    return { objectPath: path, size, mimeType, width: checked.width, height: checked.height };
  }

  /** Stores a file the server made itself (a drawn report), under a path its module chose. */
  storeGenerated(objectPath: string, body: Buffer, contentType: string): Promise<void> {
    return this.guard(() => this.storage.write(objectPath, body, contentType));
  }

  /** Whether something is stored under that path. */
  async isStored(objectPath: string): Promise<boolean> {
    return (await this.guard(() => this.storage.size(objectPath))) !== null;
  }

  /** A stored file's size and bytes, or null when nothing is stored under that path. */
  async openStored(objectPath: string): Promise<{ size: number; stream: Readable } | null> {
    return this.guard(async () => {
      const size = await this.storage.size(objectPath);
      return size === null ? null : { size, stream: await this.storage.read(objectPath) };
    });
  }

  /** A short-lived link to the file; its name always ends in its type's extension (never .html, .exe, …). */
  downloadUrl(objectPath: string, options: DownloadOptions): Promise<string> {
    const ext = extensionOfType(options.contentType);
    const fileName = ext ? safeFileName(options.fileName, ext) : withoutUnsafeExtensions(options.fileName);
    return this.guard(() => this.storage.downloadUrl(objectPath, { ...options, fileName }));
  }

  /** Best effort: a file left behind is only disk space; the record is what the site shows. */
  async remove(objectPath: string): Promise<void> {
    try {
      await this.storage.remove(objectPath);
    } catch (error) {
      this.logger.warn(`could not remove ${objectPath}: ${(error as Error).message}`);
    }
  }

  /** The storage being down is a 503 with an Arabic message, not a 500. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainException) throw error;
      this.logger.error(`storage failed: ${(error as Error).message}`);
      throw FileErrors.STORAGE_UNAVAILABLE();
    }
  }
}

function kindOf(objectPath: string): FileKind | null {
  const prefix = objectPath.split('/')[0];
  return (Object.keys(FILE_KINDS) as FileKind[]).find((k) => FILE_KINDS[k].prefix === prefix) ?? null;
}
