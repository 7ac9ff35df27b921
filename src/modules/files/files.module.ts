import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/clock/clock';
import { FilesController } from './files.controller';
import { FilesService } from './files.service';
import { LocalFileStorage } from './local-storage';
import { S3FileStorage } from './s3-storage';
import { FileStorage } from './storage';

/** Uploaded files: local disk with signed links (default) or S3-compatible storage (STORAGE_DRIVER=s3). */
@Module({
  controllers: [FilesController],
  providers: [
    {
      provide: FileStorage,
      inject: [APP_CONFIG, Clock],
      useFactory: (config: AppConfig, clock: Clock): FileStorage =>
        config.storage.driver === 's3' ? new S3FileStorage(config) : new LocalFileStorage(config, clock),
    },
    FilesService,
  ],
  exports: [FilesService],
})
export class FilesModule {}
