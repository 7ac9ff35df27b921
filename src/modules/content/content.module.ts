import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { contentEntities } from './content.entities';
import { PublicContentController } from './public/public-content.controller';
import { PublicContentService } from './public/public-content.service';

/** Editable site texts, dropdown options, governance cards and stickers. */
@Module({
  imports: [TypeOrmModule.forFeature(contentEntities)],
  controllers: [PublicContentController],
  providers: [PublicContentService],
  exports: [PublicContentService],
})
export class ContentModule {}
