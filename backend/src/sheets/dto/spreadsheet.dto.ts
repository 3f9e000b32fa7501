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
      'Set when the copy has been failing for a day: when its oldest delivery still not delivered was queued, ' +
      'nothing having reached the spreadsheet since. null otherwise.',
  })
  failingSince!: string | null;
}
