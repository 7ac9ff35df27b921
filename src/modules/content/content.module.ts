import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { contentEntities } from './content.entities';
import { PublicContentController } from './public/public-content.controller';
import { PublicContentService } from './public/public-content.service';
import { ContentAdminController } from './admin/content-admin.controller';
import { ContentAdminRepository } from './admin/content-admin.repository';
import { ContentAdminService } from './admin/content-admin.service';

/** Editable site texts, dropdown options, governance cards and stickers. */
@Module({
  imports: [TypeOrmModule.forFeature(contentEntities)],
  controllers: [PublicContentController, ContentAdminController],
  providers: [PublicContentService, ContentAdminService, ContentAdminRepository],
  exports: [PublicContentService],
})
export class ContentModule {}
