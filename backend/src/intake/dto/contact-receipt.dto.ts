import { ApiProperty } from '@nestjs/swagger';
import { THANK_YOU_MESSAGE } from '../../leads/contact-rules.js';

/** The answer to an accepted submission. */
export class ContactReceiptDto {
  @ApiProperty({ example: THANK_YOU_MESSAGE })
  message!: string;

  @ApiProperty({ format: 'uuid' })
  id!: string;
}
