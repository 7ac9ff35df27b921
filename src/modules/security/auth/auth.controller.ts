import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import { Public } from '../../../common/auth/public.decorator';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { ReqMeta } from '../../../common/http/request-meta';
import type { RequestMeta } from '../../../common/http/request-meta';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import { EmergencyCodesService } from '../emergency/emergency-codes.service';
import { ConfirmResetDto, EmergencyAccessDto, EmergencyQuestionDto, LoginDto, ResetPasswordDto, VerifyLoginDto } from './auth.dto';
import { AuthService } from './auth.service';
import { LoginResult, SessionGrant } from './auth.types';
import { PasswordService } from './password.service';
import { ApiBadInput, ApiErrors, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { AuthErrors } from './auth-errors';

/** Every way in and out of the admin. Each call counts against the per-IP auth limit. */
@ApiSection('auth')
@Controller('auth')
@RateLimit('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwords: PasswordService,
    private readonly emergency: EmergencyCodesService,
  ) {}

  @Public()
  @RateLimit('loginUsername')
  @Post('login')
  @HttpCode(200)
  @ApiOk('الخطوة التالية: رمز تحقق عبر واتساب، أو جلسة مباشرة إن كان التحقق متوقفاً')
  @ApiBadInput()
  @ApiErrors(errorsOf(AuthErrors, 'INVALID_CREDENTIALS', 'ACCOUNT_FROZEN', 'GEO_BLOCKED', 'NO_ADMIN_NUMBERS', 'TOO_MANY_CODES'))
  login(@Body() body: LoginDto, @ReqMeta() meta: RequestMeta): Promise<LoginResult> {
    return this.auth.login(body.username, body.password, meta);
  }

  @Public()
  @Post('verify-login')
  @HttpCode(200)
  @ApiOk('الجلسة { success, token, expiresAt, user }')
  @ApiBadInput()
  @ApiErrors(errorsOf(AuthErrors, 'INVALID_VERIFICATION_CODE', 'ACCOUNT_FROZEN', 'GEO_BLOCKED', 'CODE_CHECKS_BLOCKED'))
  async verifyLogin(@Body() body: VerifyLoginDto, @ReqMeta() meta: RequestMeta): Promise<{ success: true } & SessionGrant> {
    return { success: true, ...(await this.auth.verifyLogin(body.username, body.verificationCode, meta)) };
  }

  @Public()
  @RateLimit('emergencyCode')
  @Post('emergency-question')
  @HttpCode(200)
  @ApiOk('سؤال الأمان لرمز الطوارئ { isActive, securityQuestion }')
  @ApiBadInput()
  emergencyQuestion(@Body() body: EmergencyQuestionDto): Promise<{ isActive: boolean; securityQuestion: string | null }> {
    return this.emergency.question(body.masterCode);
  }

  @Public()
  @RateLimit('emergencyCode')
  @Post('emergency-access')
  @HttpCode(200)
  @ApiOk('جلسة طوارئ لمدة ساعة')
  @ApiBadInput()
  @ApiErrors(errorsOf(AuthErrors, 'INVALID_EMERGENCY_CODE'))
  emergencyAccess(@Body() body: EmergencyAccessDto, @ReqMeta() meta: RequestMeta): Promise<SessionGrant> {
    return this.emergency.access(body.masterCode, body.securityAnswer, meta);
  }

  @Get('verify')
  @ApiOk('الجلسة الحالية { user, expiresAt }')
  verify(@CurrentAdmin() admin: AdminPrincipal): Promise<{ user: { id: number; username: string; role: string }; expiresAt: string }> {
    return this.auth.currentSession(admin.sessionId);
  }

  /** Answers 200 whether or not the token is still valid; a valid one's session ends. */
  @Public()
  @Post('logout')
  @HttpCode(200)
  @ApiOk('انتهت الجلسة إن كانت صالحة { success: true }')
  async logout(@Headers('authorization') authorization: string | undefined): Promise<{ success: true }> {
    await this.auth.logout(authorization);
    return { success: true };
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  @ApiOk('الجواب نفسه لأي اسم مستخدم { message }')
  @ApiBadInput()
  resetPassword(@Body() body: ResetPasswordDto): Promise<{ message: string }> {
    return this.passwords.requestReset(body.username);
  }

  @Public()
  @Post('confirm-reset')
  @HttpCode(200)
  @ApiOk('تغيّرت كلمة المرور { success, message }')
  @ApiBadInput()
  @ApiErrors(errorsOf(AuthErrors, 'INVALID_VERIFICATION_CODE', 'CODE_CHECKS_BLOCKED'))
  confirmReset(@Body() body: ConfirmResetDto, @ReqMeta() meta: RequestMeta): Promise<{ success: true; message: string }> {
    return this.passwords.confirmReset(body.username, body.verificationCode, body.newPassword, {
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
  }
}
