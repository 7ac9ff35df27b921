import { IsString, MaxLength } from 'class-validator';

export class AddRequestNoteDto {
  // Checked again after trimming by the service (an all-blank note is refused).
  @MaxLength(1000, { message: 'الملاحظة يجب ألا تتجاوز 1000 حرف' })
  @IsString({ message: 'اكتب نص الملاحظة' })
  text: string;
}
