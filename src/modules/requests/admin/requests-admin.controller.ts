import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { Type } from 'class-transformer';
import type { FastifyReply } from 'fastify';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { DomainException } from '../../../common/errors/domain.exception';
import { idParam, MAX_ID } from '../../../common/http/id-param.pipe';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { ListSpec, RawListParams } from '../../../common/http/list-query';
import { ReqMeta } from '../../../common/http/request-meta';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { AdminRequestRow, BulkResult, RequestsSummary } from '../../../shared/api/requests';
import { REQUEST_STATUSES } from '../../../shared/labels';
import type { RequestStatus } from '../../../shared/labels';
import { REQUEST_FILTERABLE, REQUEST_SORTABLE, RequestFilterField, RequestSortField } from './requests-admin.repository';
import { RequestsAdminService } from './requests-admin.service';
import { ApiBadInput, ApiList, ApiNotFound, ApiOk, ApiSection } from '../../../common/openapi/api-answers';

/** The desk's list convention (its export reads the same sort and filter). */
export const LIST: ListSpec<RequestSortField, RequestFilterField> = {
  resource: 'requests',
  sortable: REQUEST_SORTABLE,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filterable: REQUEST_FILTERABLE,
  maxPageSize: 200,
};

const idPipe = idParam('رقم الطلب غير صحيح');

export class DeleteRequestDto {
  @IsOptional()
  @MaxLength(1000, { message: 'سبب الحذف يجب ألا يتجاوز 1000 حرف' })
  @IsString({ message: 'سبب الحذف يجب أن يكون نصاً' })
  reason?: string;
}

export class BulkRequestsDto {
  @Max(MAX_ID, { each: true, message: 'أرقام الطلبات غير صحيحة' })
  @Min(1, { each: true, message: 'أرقام الطلبات غير صحيحة' })
  @IsInt({ each: true, message: 'أرقام الطلبات غير صحيحة' })
  @ArrayMaxSize(500, { message: 'لا يمكن تعديل أكثر من 500 طلب في المرة الواحدة' })
  @ArrayMinSize(1, { message: 'اختر طلباً واحداً على الأقل' })
  @IsArray({ message: 'قائمة الطلبات المحددة مطلوبة' })
  ids: number[];

  @IsIn(['status', 'delete'], { message: 'الإجراء يجب أن يكون تغيير الحالة أو الحذف' })
  action: 'status' | 'delete';

  @IsOptional()
  @IsIn(REQUEST_STATUSES as unknown as string[], { message: 'حالة الطلب غير صحيحة' })
  status?: RequestStatus;

  @IsOptional()
  @MaxLength(1000, { message: 'سبب الإلغاء يجب ألا يتجاوز 1000 حرف' })
  @IsString({ message: 'سبب الإلغاء يجب أن يكون نصاً' })
  cancellationReason?: string;

  @IsOptional()
  @MaxLength(1000, { message: 'سبب الحذف يجب ألا يتجاوز 1000 حرف' })
  @IsString({ message: 'سبب الحذف يجب أن يكون نصاً' })
  reason?: string;
}

/** The assignee's fields; their rule (name required, a Saudi mobile) is the shared one, checked by the service. */
export class AssigneeDto {
  @IsOptional()
  @MaxLength(200, { message: 'اسم المسؤول عن الاستلام طويل جداً' })
  @IsString({ message: 'اسم المسؤول عن الاستلام يجب أن يكون نصاً' })
  name?: string;

  @IsOptional()
  @MaxLength(40, { message: 'رقم جوال المسؤول غير صحيح' })
  @IsString({ message: 'رقم جوال المسؤول يجب أن يكون نصاً' })
  phone?: string | null;
}

export class PatchRequestDto {
  // null clears the assignee; anything else must be the assignee object.
  @ValidateIf((_, value) => value !== null)
  @ValidateNested()
  @Type(() => AssigneeDto)
  @IsObject({ message: 'أرسل المسؤول عن الاستلام (الاسم والجوال) أو null لإزالته' })
  assignee: AssigneeDto | null;
}

/** The requests desk (admin session on every route, by the default-deny guard). */
@ApiSection('requests')
@Controller('requests')
export class RequestsAdminController {
  constructor(private readonly desk: RequestsAdminService) {}

  @Get()
  @ApiList('طلبات المكتب بتسمياتها العربية (تصفية الحالة والتواريخ والمنطقة والمكان والبحث)')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminRequestRow[]> {
    const query = parseListQuery(LIST, params);
    return sendPage(reply, LIST, query, await this.desk.list(query));
  }

  @Get('summary')
  @ApiOk('عدادات الحالات واستلامات اليوم والغد')
  summary(): Promise<RequestsSummary> {
    return this.desk.summary();
  }

  @Get(':id')
  @ApiOk('الطلب بكل حقوله للمكتب')
  @ApiNotFound()
  get(@Param('id', idPipe) id: number): Promise<AdminRequestRow> {
    return this.desk.get(id);
  }

  @Patch(':id')
  @ApiOk('تغيّر المكلَّف بالاستلام، ويجاب بالطلب')
  @ApiNotFound()
  update(
    @Param('id', idPipe) id: number,
    @Body() body: PatchRequestDto,
    @CurrentAdmin() admin: AdminPrincipal | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<AdminRequestRow> {
    return this.desk.setAssignee(id, body.assignee, admin, meta);
  }

  @Delete(':id')
  @ApiOk('حُذف الطلب ونُسخ إلى أرشيف المحذوفات')
  @ApiNotFound()
  remove(
    @Param('id', idPipe) id: number,
    @Body() body: DeleteRequestDto | undefined,
    @CurrentAdmin() admin: AdminPrincipal | undefined,
    @ReqMeta() meta: RequestMeta,
  ) {
    return this.desk.remove(id, body?.reason?.trim() || null, admin, meta);
  }

  @Post('bulk')
  @HttpCode(200)
  @ApiOk('نتيجة كل طلب وإشعاره، وعدد من أُبلغوا')
  @ApiBadInput()
  bulk(
    @Body() body: BulkRequestsDto,
    @CurrentAdmin() admin: AdminPrincipal | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<BulkResult> {
    if (body.action === 'status' && !body.status) throw DomainException.validation({ status: 'اختر الحالة الجديدة' });
    const action =
      body.action === 'status'
        ? { action: 'status' as const, status: body.status!, cancellationReason: body.cancellationReason }
        : { action: 'delete' as const, reason: body.reason };
    return this.desk.bulk(body.ids, action, admin, meta);
  }
}
