import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../../config/app-config';
import { contentDisposition } from '../../common/http/send-file';
import { FileStorage, type DownloadOptions } from './storage';

/** The client of the configured bucket (the app, and backup and restore). */
export function createS3Client(config: AppConfig): S3Client {
  const s3 = config.storage.s3;
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    // Checksums on presigned PUTs would make the browser send a header it cannot compute.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * S3-compatible object storage, for deployments on several machines. The browser PUTs straight to the
 * bucket with a presigned URL (the bucket needs a CORS rule allowing PUT from the site's origin);
 * size and content are checked when the record is made, and a refused object is deleted.
 */
export class S3FileStorage extends FileStorage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(private readonly config: AppConfig) {
    super();
    this.bucket = config.storage.s3.bucket ?? '';
    this.client = createS3Client(config);
  }

  uploadUrl(objectPath: string, contentType: string): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: objectPath, ContentType: contentType }), {
      expiresIn: this.config.storage.uploadUrlTtlSeconds,
    });
  }

  downloadUrl(objectPath: string, options: DownloadOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: objectPath,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: contentDisposition(options.disposition, options.fileName),
    });
    return getSignedUrl(this.client, command, { expiresIn: this.config.storage.downloadUrlTtlSeconds });
  }

  async size(objectPath: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectPath }));
      return head.ContentLength ?? 0;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async read(objectPath: string): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectPath }));
    return object.Body as Readable;
  }

  async write(objectPath: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: objectPath, Body: body, ContentType: contentType }));
  }

  async remove(objectPath: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectPath }));
  }
}
