import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `GET …/messages?last=`: the newest messages only, for a drawer that shows those first. */
export class ThreadQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    description: 'Only the newest this many messages (still oldest first). Default: the whole thread.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'last must be an integer from 1 to 100' })
  @Min(1, { message: 'last must be an integer from 1 to 100' })
  @Max(100, { message: 'last must be an integer from 1 to 100' })
  last?: number;
}
