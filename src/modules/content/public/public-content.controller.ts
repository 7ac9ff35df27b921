import { Controller, Get } from '@nestjs/common';
import { Public } from '../../../common/auth/public.decorator';
import { ContentItem, PublicContentService, PublicDropdownOptions } from './public-content.service';
import { ApiOk, ApiSection } from '../../../common/openapi/api-answers';

@ApiSection('content')
@Controller()
export class PublicContentController {
  constructor(private readonly content: PublicContentService) {}

  /** Every editable site text as [{ key, value }]. */
  @Public()
  @Get('content')
  @ApiOk('نصوص الموقع القابلة للتعديل [{ key, value }]')
  list(): Promise<ContentItem[]> {
    return this.content.contentItems();
  }

  /** Active event types, food types and important places, each [{ value, label }] in display order. */
  @Public()
  @Get('dropdown-options')
  @ApiOk('الخيارات النشطة: أنواع المناسبات والطعام والأماكن المهمة [{ value, label }]')
  dropdownOptions(): Promise<PublicDropdownOptions> {
    return this.content.dropdownOptions();
  }
}
