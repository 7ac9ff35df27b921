import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { AUTO_REPLY_KEYS, WhatsAppAdminService } from './whatsapp-admin.service';
import type { AutoReplyKey } from './whatsapp-admin.service';
import { ApiBadInput, ApiErrors, ApiOk, ApiSection, apiError, errorsOf } from '../../../common/openapi/api-answers';
import { MessagingErrors } from '../messaging-errors';

export class AdminNumbersDto {
  @IsNotEmpty({ message: 'يجب إدخال رقم واتساب واحد على الأقل' })
  numbers: string[] | string;
}

export class TestSingleDto {
  // class-validator runs the lowest decorator first (stopAtFirstError shows that one).
  @MaxLength(20, { message: 'رقم الاختبار يجب ألا يتجاوز 20 خانة' })
  @IsNotEmpty({ message: 'رقم الاختبار مطلوب' })
  @IsString({ message: 'رقم الاختبار مطلوب' })
  testNumber: string;

  @IsOptional()
  @IsString({ message: 'نص الرسالة يجب أن يكون نصاً' })
  @MaxLength(1000, { message: 'نص الرسالة يجب ألا يتجاوز 1000 حرف' })
  customMessage?: string;
}

export class TemplateModeDto {
  @IsBoolean({ message: 'قيمة وضع القوالب يجب أن تكون true أو false' })
  useTemplates: boolean;
}

export class AutoReplyVariableDto {
  @IsIn(AUTO_REPLY_KEYS as unknown as string[], { message: 'اسم المتغير غير صحيح: website أو hours أو area أو phone1 أو phone2' })
  key: AutoReplyKey;

  @MaxLength(300, { message: 'قيمة المتغير يجب ألا تتجاوز 300 حرف' })
  @IsNotEmpty({ message: 'قيمة المتغير مطلوبة' })
  @IsString({ message: 'قيمة المتغير يجب أن تكون نصاً' })
  value: string;
}

/** WhatsApp administration (administrators only). */
@ApiSection('messaging')
@Controller('admin')
export class WhatsAppAdminController {
  constructor(private readonly admin: WhatsAppAdminService) {}

  @Get('whatsapp-numbers')
  @ApiOk('أرقام واتساب المشرفين ومصدرها')
  numbers() {
    return this.admin.getNumbers();
  }

  @Post('whatsapp-numbers')
  @HttpCode(200)
  @ApiOk('حُفظت أرقام المشرفين')
  @ApiBadInput()
  @ApiErrors(
    apiError(
      409,
      'NUMBERS_FROM_ENVIRONMENT',
      'أرقام المشرفين محددة في متغير البيئة ADMIN_WHATSAPP_NUMBERS ولا يمكن تعديلها من لوحة التحكم',
    ),
  )
  setNumbers(@Body() body: AdminNumbersDto, @CurrentAdmin() who: AdminPrincipal | undefined) {
    return this.admin.setNumbers(body.numbers, who?.username ?? null);
  }

  @Post('test-whatsapp-single')
  @HttpCode(200)
  @ApiOk('نتيجة إرسال رسالة الاختبار إلى الرقم')
  @ApiBadInput()
  testSingle(@Body() body: TestSingleDto) {
    return this.admin.testSingle(body.testNumber, body.customMessage);
  }

  @Post('test-whatsapp-broadcast')
  @HttpCode(200)
  @ApiOk('نتيجة إرسال رسالة الاختبار إلى كل المشرفين')
  @ApiErrors(errorsOf(MessagingErrors, 'NO_ADMIN_NUMBERS'))
  testBroadcast() {
    return this.admin.testBroadcast();
  }

  @Get('template-info')
  @ApiOk('القوالب ووضعها وحالة الامتثال')
  templateInfo() {
    return this.admin.templateInfo();
  }

  @Post('toggle-template-mode')
  @HttpCode(200)
  @ApiOk('تغيّر وضع القوالب')
  @ApiBadInput()
  toggleTemplateMode(@Body() body: TemplateModeDto, @CurrentAdmin() who: AdminPrincipal | undefined) {
    return this.admin.toggleTemplateMode(body.useTemplates, who?.username ?? null);
  }

  @Get('whatsapp/auto-response-variables')
  @ApiOk('متغيرات الرد الآلي وقيمها')
  autoResponseVariables() {
    return this.admin.autoResponseVariables();
  }

  @Post('whatsapp/auto-response-variables')
  @HttpCode(200)
  @ApiOk('حُفظ متغير الرد الآلي')
  @ApiBadInput()
  setAutoResponseVariable(@Body() body: AutoReplyVariableDto, @CurrentAdmin() who: AdminPrincipal | undefined) {
    return this.admin.setAutoResponseVariable(body.key, body.value, who?.username ?? null);
  }
}
