import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class LoginDto {
  @Transform(trim)
  @IsString({ message: 'يرجى إدخال اسم المستخدم' })
  @IsNotEmpty({ message: 'يرجى إدخال اسم المستخدم' })
  @MaxLength(100, { message: 'اسم المستخدم أطول من المسموح' })
  username!: string;

  @IsString({ message: 'يرجى إدخال كلمة المرور' })
  @IsNotEmpty({ message: 'يرجى إدخال كلمة المرور' })
  @MaxLength(256, { message: 'كلمة المرور أطول من المسموح' })
  password!: string;
}

export class VerifyLoginDto {
  @Transform(trim)
  @IsString({ message: 'يرجى إدخال اسم المستخدم' })
  @IsNotEmpty({ message: 'يرجى إدخال اسم المستخدم' })
  @MaxLength(100, { message: 'اسم المستخدم أطول من المسموح' })
  username!: string;

  @Transform(trim)
  @IsString({ message: 'يرجى إدخال رمز التحقق' })
  @IsNotEmpty({ message: 'يرجى إدخال رمز التحقق' })
  @Matches(/^\d{6}$/, { message: 'رمز التحقق يتكون من 6 أرقام' })
  verificationCode!: string;
}

export class EmergencyQuestionDto {
  @Transform(trim)
  @IsString({ message: 'يرجى إدخال رمز الطوارئ' })
  @IsNotEmpty({ message: 'يرجى إدخال رمز الطوارئ' })
  @MaxLength(64, { message: 'رمز الطوارئ أطول من المسموح' })
  masterCode!: string;
}

export class EmergencyAccessDto extends EmergencyQuestionDto {
  @IsString({ message: 'يرجى إدخال إجابة سؤال الأمان' })
  @IsNotEmpty({ message: 'يرجى إدخال إجابة سؤال الأمان' })
  @MaxLength(200, { message: 'الإجابة أطول من المسموح' })
  securityAnswer!: string;
}

export class ResetPasswordDto {
  @Transform(trim)
  @IsString({ message: 'يرجى إدخال اسم المستخدم' })
  @IsNotEmpty({ message: 'يرجى إدخال اسم المستخدم' })
  @MaxLength(100, { message: 'اسم المستخدم أطول من المسموح' })
  username!: string;
}

export class ConfirmResetDto extends ResetPasswordDto {
  @Transform(trim)
  @IsString({ message: 'يرجى إدخال رمز التحقق' })
  @IsNotEmpty({ message: 'يرجى إدخال رمز التحقق' })
  @Matches(/^\d{6}$/, { message: 'رمز التحقق يتكون من 6 أرقام' })
  verificationCode!: string;

  @IsString({ message: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل' })
  @MaxLength(256, { message: 'كلمة المرور أطول من المسموح' })
  newPassword!: string;
}

export class RequestPasswordChangeDto {
  @IsString({ message: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل' })
  @MaxLength(256, { message: 'كلمة المرور أطول من المسموح' })
  newPassword!: string;
}

export class ConfirmPasswordChangeDto {
  @Transform(trim)
  @IsString({ message: 'يرجى إدخال رمز التحقق' })
  @IsNotEmpty({ message: 'يرجى إدخال رمز التحقق' })
  @Matches(/^\d{6}$/, { message: 'رمز التحقق يتكون من 6 أرقام' })
  verificationCode!: string;
}

export class UnfreezeDto {
  @Transform(trim)
  @IsString({ message: 'يرجى إدخال اسم المستخدم' })
  @IsNotEmpty({ message: 'يرجى إدخال اسم المستخدم' })
  @MaxLength(100, { message: 'اسم المستخدم أطول من المسموح' })
  username!: string;
}

export class EmergencyCodeCreateDto {
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'رمز الطوارئ يجب أن يكون نصاً' })
  @Matches(/^[A-Za-z0-9-]{8,40}$/, { message: 'رمز الطوارئ من 8 إلى 40 حرفاً لاتينياً أو رقماً أو شرطة' })
  masterCode?: string;

  @Transform(trim)
  @IsString({ message: 'يرجى إدخال سؤال الأمان' })
  @IsNotEmpty({ message: 'يرجى إدخال سؤال الأمان' })
  @MaxLength(500, { message: 'سؤال الأمان أطول من المسموح' })
  securityQuestion!: string;

  @IsString({ message: 'يرجى إدخال إجابة سؤال الأمان' })
  @Matches(/\S/, { message: 'يرجى إدخال إجابة سؤال الأمان' })
  @MaxLength(200, { message: 'الإجابة أطول من المسموح' })
  securityAnswer!: string;

  @IsOptional()
  @IsString({ message: 'تاريخ انتهاء الصلاحية غير صحيح' })
  expiresAt?: string | null;
}

export class EmergencyCodeUpdateDto {
  @IsOptional()
  @IsIn([true, false], { message: 'قيمة التفعيل يجب أن تكون صحيحة أو خاطئة' })
  isActive?: boolean;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'يرجى إدخال سؤال الأمان' })
  @IsNotEmpty({ message: 'يرجى إدخال سؤال الأمان' })
  @MaxLength(500, { message: 'سؤال الأمان أطول من المسموح' })
  securityQuestion?: string;

  @IsOptional()
  @IsString({ message: 'يرجى إدخال إجابة سؤال الأمان' })
  @Matches(/\S/, { message: 'يرجى إدخال إجابة سؤال الأمان' })
  @MaxLength(200, { message: 'الإجابة أطول من المسموح' })
  securityAnswer?: string;

  @IsOptional()
  @IsString({ message: 'تاريخ انتهاء الصلاحية غير صحيح' })
  expiresAt?: string | null;
}
