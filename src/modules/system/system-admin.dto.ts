import { IsOptional, IsString, MaxLength } from 'class-validator';

export class ToggleSiteBlockDto {
  @IsOptional()
  @IsString({ message: 'سبب الإيقاف يجب أن يكون نصاً' })
  @MaxLength(500, { message: 'سبب الإيقاف أطول من المسموح (500 حرف كحد أقصى)' })
  reason?: string;
}
