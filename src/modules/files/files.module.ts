import { Module } from '@nestjs/common';

/** File storage (local disk with signed URLs, or S3-compatible): arrives with stickers and governance files. */
@Module({})
export class FilesModule {}
