import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { AUTO_REPLY_KEYS } from './whatsapp-admin.service';
import type { AutoReplyKey } from './whatsapp-admin.service';

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
