import { ApiProperty } from '@nestjs/swagger';

/** The spreadsheet copy as Settings → Webhooks shows it: whether it is set up, and whether it has been failing. */
export class SpreadsheetDto {
  @ApiProperty({ description: 'Whether SHEETS_WEBHOOK_URL is set (the copy is configured by the environment only).' })
  configured!: boolean;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'Set when the copy has been failing for a day: when the oldest of its deliveries tried and not delivered, ' +
      'queued after the newest one delivered, was queued. null otherwise.',
  })
  failingSince!: string | null;
}
