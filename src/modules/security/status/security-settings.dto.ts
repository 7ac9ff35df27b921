import { Transform } from 'class-transformer';
import { ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { COUNTRY_CODES } from '../../../shared/countries';
import { SECURITY_SETTINGS_LIMITS as L, SECURITY_SETTINGS_MESSAGES as M } from '../../../shared/security-settings';

/** Country codes as typed ("sa ") become the stored form ("SA"); anything else is left for the checks. */
const upperCodes = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((code) => (typeof code === 'string' ? code.trim().toUpperCase() : code)) : value;

/** A field left out is not checked; one sent as null is (and refused): every setting must have a value. */
const given = ValidateIf((_object: object, value: unknown) => value !== undefined);

/** PATCH /api/security/settings: any of the four fields; the service refuses an empty body. */
export class SecuritySettingsDto {
  @given
  @Transform(upperCodes)
  @IsArray({ message: M.allowedCountries })
  @ArrayMinSize(1, { message: M.allowedCountries })
  @IsIn(COUNTRY_CODES, { each: true, message: M.unknownCountry })
  @ArrayUnique({ message: M.duplicateCountry })
  allowedCountries?: string[];

  @given
  @IsBoolean({ message: M.geoAlertEnabled })
  geoAlertEnabled?: boolean;

  @given
  @IsInt({ message: M.maxFailedAttempts })
  @Min(L.maxFailedAttempts.min, { message: M.maxFailedAttempts })
  @Max(L.maxFailedAttempts.max, { message: M.maxFailedAttempts })
  maxFailedAttempts?: number;

  @given
  @IsInt({ message: M.freezeDurationMinutes })
  @Min(L.freezeDurationMinutes.min, { message: M.freezeDurationMinutes })
  @Max(L.freezeDurationMinutes.max, { message: M.freezeDurationMinutes })
  freezeDurationMinutes?: number;
}
