import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { contentEntities } from './content.entities';
import { PublicContentController } from './public/public-content.controller';
import { PublicContentRepository } from './public/public-content.repository';
import { PublicContentService } from './public/public-content.service';
import { ContentAdminController } from './admin/content-admin.controller';
import { ContentAdminRepository } from './admin/content-admin.repository';
import { ContentAdminService } from './admin/content-admin.service';
import { ImportantPlacesService } from './admin/important-places.service';
import { FilesModule } from '../files/files.module';
import { StickersController } from './stickers/stickers.controller';
import { StickersRepository } from './stickers/stickers.repository';
import { StickersService } from './stickers/stickers.service';
import { GovernanceAdminController, GovernancePublicController } from './governance/governance.controller';
import { GovernanceRepository } from './governance/governance.repository';
import { GovernanceService } from './governance/governance.service';

/** Editable site texts, dropdown options, governance cards and stickers. */
@Module({
  imports: [TypeOrmModule.forFeature(contentEntities), FilesModule],
  controllers: [PublicContentController, ContentAdminController, StickersController, GovernanceAdminController, GovernancePublicController],
  providers: [
    PublicContentService,
    PublicContentRepository,
    ContentAdminService,
    ContentAdminRepository,
    ImportantPlacesService,
    StickersService,
    StickersRepository,
    GovernanceService,
    GovernanceRepository,
  ],
  exports: [PublicContentService],
})
export class ContentModule {}
