import { IsString, MaxLength } from 'class-validator';

export class AddDistrictDto {
  @MaxLength(100, { message: 'اسم الحي يجب ألا يتجاوز 100 حرف' })
  @IsString({ message: 'يرجى إدخال اسم الحي واختيار المنطقة' })
  name: string;

  @MaxLength(100, { message: 'المنطقة غير موجودة' })
  @IsString({ message: 'يرجى إدخال اسم الحي واختيار المنطقة' })
  areaValue: string;
}
