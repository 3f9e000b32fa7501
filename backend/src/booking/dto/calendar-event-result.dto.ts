import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The answer to a calendar webhook: whether the event changed a lead's meetings. */
export class CalendarEventResultDto {
  @ApiProperty({
    enum: [0, 1],
    description: '1: stored with its lead; 0: not (no lead matched, the lead is held or erased, taken before, or another event).',
  })
  stored!: 0 | 1;

  @ApiPropertyOptional({ format: 'uuid', description: 'The lead it was stored with.' })
  leadId?: string;
}
