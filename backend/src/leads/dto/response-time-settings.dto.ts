import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsInt,
  IsObject,
  IsTimeZone,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** The longest target: a week. */
export const MAX_TARGET_MINUTES = 10_080;

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAYS_RULE = 'businessHours.days must be one or more distinct weekdays from 1 (Monday) to 7 (Sunday)';

/** The hours when minutes count: local times in `timeZone` on the given ISO weekdays. */
export class BusinessHoursDto {
  @ApiProperty({ description: 'IANA time zone of the hours.', example: 'Europe/Paris' })
  @IsTimeZone({ message: 'businessHours.timeZone must be a known IANA time zone' })
  timeZone!: string;

  @ApiProperty({ type: [Number], description: 'Weekdays, Monday = 1 … Sunday = 7.', example: [1, 2, 3, 4, 5] })
  @IsArray({ message: DAYS_RULE })
  @ArrayMinSize(1, { message: DAYS_RULE })
  @ArrayMaxSize(7, { message: DAYS_RULE })
  @ArrayUnique({ message: DAYS_RULE })
  @IsInt({ each: true, message: DAYS_RULE })
  @Min(1, { each: true, message: DAYS_RULE })
  @Max(7, { each: true, message: DAYS_RULE })
  days!: number[];

  @ApiProperty({ description: 'Opening, "HH:MM" (24-hour).', example: '09:00' })
  @Matches(CLOCK_TIME, { message: 'businessHours.start must be a time of day as HH:MM' })
  start!: string;

  @ApiProperty({ description: 'Closing, "HH:MM" (24-hour), after start.', example: '17:00' })
  @Matches(CLOCK_TIME, { message: 'businessHours.end must be a time of day as HH:MM' })
  end!: string;
}

/** Settings → Response time: the target, and the business hours that count (null: every minute). */
export class ResponseTimeSettingsDto {
  @ApiProperty({
    minimum: 1,
    maximum: MAX_TARGET_MINUTES,
    default: 60,
    description: 'Minutes (business minutes with business hours) to the first answer.',
  })
  @Type(() => Number)
  @IsInt({ message: `targetMinutes must be a whole number from 1 to ${MAX_TARGET_MINUTES}` })
  @Min(1, { message: `targetMinutes must be a whole number from 1 to ${MAX_TARGET_MINUTES}` })
  @Max(MAX_TARGET_MINUTES, { message: `targetMinutes must be a whole number from 1 to ${MAX_TARGET_MINUTES}` })
  targetMinutes!: number;

  @ApiProperty({ type: BusinessHoursDto, nullable: true, description: 'null: every minute counts.' })
  @IsDefined({ message: 'businessHours must be null or the business hours' })
  @ValidateIf((_, value) => value !== null)
  @IsObject({ message: 'businessHours must be null or the business hours' })
  @ValidateNested()
  @Type(() => BusinessHoursDto)
  businessHours!: BusinessHoursDto | null;
}
