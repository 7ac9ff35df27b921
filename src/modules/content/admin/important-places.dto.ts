import { IsBoolean, IsIn, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IMPORTANT_PLACE_GROUPS, type ImportantPlaceGroup } from '../../../shared/labels';
import type { ImportantPlaceInput } from '../../../shared/api/content-admin';

const REQUIRED = 'يرجى ملء جميع الحقول المطلوبة';
const POSITION = 'موقع المكان على الخريطة غير صحيح';

/**
 * An important place as the spec's call sends it, plus what wave 3 added: `value` is optional (generated
 * when omitted or empty), `group` is one of the five groups, and the map position is optional.
 */
export class PlaceDto implements ImportantPlaceInput {
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]*$/, { message: 'رمز المكان يُكتب بحروف إنجليزية وأرقام وشرطات فقط، أو يُترك فارغاً ليُولَّد تلقائياً' })
  @MaxLength(100, { message: 'رمز المكان يجب ألا يتجاوز 100 حرف' })
  @IsString({ message: 'رمز المكان يجب أن يكون نصاً' })
  value?: string;

  @MaxLength(200, { message: 'اسم المكان يجب ألا يتجاوز 200 حرف' })
  @IsString({ message: REQUIRED })
  label: string;

  @IsOptional()
  @IsIn(IMPORTANT_PLACE_GROUPS as unknown as string[], { message: 'اختر مجموعة المكان من القائمة' })
  group?: ImportantPlaceGroup;

  @IsOptional()
  @Max(90, { message: POSITION })
  @Min(-90, { message: POSITION })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: POSITION })
  latitude?: number | null;

  @IsOptional()
  @Max(180, { message: POSITION })
  @Min(-180, { message: POSITION })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: POSITION })
  longitude?: number | null;
}

export class UpdatePlaceDto extends PlaceDto {
  @IsBoolean({ message: 'حالة التفعيل يجب أن تكون true أو false' })
  isActive: boolean;
}
