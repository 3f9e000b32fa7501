import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBase64, IsInt, IsOptional, Max, MaxLength, Min } from 'class-validator';
import { ContactFiltersQueryDto } from './contact-filters-query.dto.js';

export class ListContactsQueryDto extends ContactFiltersQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer from 1 to 100' })
  @Min(1, { message: 'limit must be an integer from 1 to 100' })
  @Max(100, { message: 'limit must be an integer from 1 to 100' })
  limit = 50;

  @ApiPropertyOptional({ description: 'The opaque cursor of the `Link: rel="next"` header.' })
  @IsOptional()
  @MaxLength(200, { message: 'cursor is invalid' })
  @IsBase64({ urlSafe: true }, { message: 'cursor is invalid' })
  cursor?: string;
}
