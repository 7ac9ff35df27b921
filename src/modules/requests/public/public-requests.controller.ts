import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Public } from '../../../common/auth/public.decorator';
import { ReqMeta } from '../../../common/http/request-meta';
import type { RequestMeta } from '../../../common/http/request-meta';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import { CreateRequestDto } from './create-request.dto';
import { CreatedRequest, PublicRequestsService } from './public-requests.service';

@Controller('requests')
export class PublicRequestsController {
  constructor(private readonly requests: PublicRequestsService) {}

  /** A visitor's collection request: 201 { id, status: 'received', message }. */
  @Public()
  @RateLimit('requests')
  @Post()
  @HttpCode(201)
  create(@Body() body: CreateRequestDto, @ReqMeta() meta: RequestMeta): Promise<CreatedRequest> {
    return this.requests.create(body, meta);
  }
}
