import type { Readable } from 'node:stream';

/** Where uploaded files live. Two drivers: local disk (the default) and S3-compatible object storage. */
export abstract class FileStorage {
  abstract readonly driver: 'local' | 's3';

  /** A short-lived URL the browser PUTs the file to, with exactly this Content-Type. */
  abstract uploadUrl(objectPath: string, contentType: string, maxBytes: number): Promise<string>;

  /** Size in bytes, or null when nothing is stored under that path. */
  abstract size(objectPath: string): Promise<number | null>;

  /** The stored bytes, for the content checks. */
  abstract read(objectPath: string): Promise<Readable>;

  /** A short-lived URL that serves the file with its type; documents as attachments under their name. */
  abstract downloadUrl(objectPath: string, options: DownloadOptions): Promise<string>;

  /**
   * Stores bytes the server made itself (a drawn report), replacing what was there in one step: a
   * reader never sees half a file.
   */
  abstract write(objectPath: string, body: Buffer, contentType: string): Promise<void>;

  /** Removes the object; nothing stored is not an error. */
  abstract remove(objectPath: string): Promise<void>;
}

export interface DownloadOptions {
  contentType: string;
  fileName: string;
  disposition: 'inline' | 'attachment';
}
