import { ReqMeta } from '../../../common/http/request-meta';
import type { RequestMeta } from '../../../common/http/request-meta';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { ConfirmPasswordChangeDto, RequestPasswordChangeDto } from './auth.dto';
import { PasswordService } from './password.service';
import { ApiBadInput, ApiErrors, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { AuthErrors } from './auth-errors';

/** Password change from the dashboard: the new password, then the WhatsApp code. */
@ApiSection('auth')
@Controller('admin')
export class AdminPasswordController {
  constructor(private readonly passwords: PasswordService) {}

  @Post('request-password-change')
  @HttpCode(200)
  @ApiOk('أُرسل رمز التحقق عبر واتساب { requiresVerification, message }')
  @ApiBadInput()
  @ApiErrors(errorsOf(AuthErrors, 'NO_ADMIN_NUMBERS', 'TOO_MANY_CODES'))
  request(
    @CurrentAdmin() admin: AdminPrincipal,
    @Body() body: RequestPasswordChangeDto,
  ): Promise<{ requiresVerification: true; message: string }> {
    return this.passwords.requestChange(admin.userId, body.newPassword);
  }

  @Post('confirm-password-change')
  @HttpCode(200)
  @ApiOk('تغيّرت كلمة المرور { success, message }')
  @ApiBadInput()
  @ApiErrors(errorsOf(AuthErrors, 'INVALID_VERIFICATION_CODE', 'CODE_CHECKS_BLOCKED'))
  confirm(
    @CurrentAdmin() admin: AdminPrincipal,
    @Body() body: ConfirmPasswordChangeDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<{ success: true; message: string }> {
    return this.passwords.confirmChange(admin.userId, admin.sessionId, body.verificationCode, {
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
  }
}
