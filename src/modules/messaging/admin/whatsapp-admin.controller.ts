import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { AdminNumbersDto, AutoReplyVariableDto, TemplateModeDto, TestSingleDto } from './whatsapp-admin.dto';
import { WhatsAppAdminService } from './whatsapp-admin.service';
import { ApiBadInput, ApiErrors, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { MessagingErrors } from '../messaging-errors';

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
  @ApiErrors(errorsOf(MessagingErrors, 'NUMBERS_FROM_ENVIRONMENT'))
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
