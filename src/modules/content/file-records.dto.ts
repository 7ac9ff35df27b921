import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

// The bodies shared by the content records that carry an uploaded file (stickers, governance cards).

/** POST …/upload-url: the type of the file about to be uploaded. */
export class UploadUrlDto {
  @IsOptional()
  @MaxLength(200, { message: 'نوع الملف غير مدعوم' })
  @IsString({ message: 'نوع الملف غير مدعوم' })
  contentType?: string;
}

/** The list's on/off switch. */
export class ToggleDto {
  @IsBoolean({ message: 'حالة التفعيل يجب أن تكون true أو false' })
  isActive: boolean;
}
