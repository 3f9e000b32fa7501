import { ApiProperty } from '@nestjs/swagger';
import { THANK_YOU_MESSAGE } from '../../leads/contact-rules.js';

/** The link a visitor may book a call with. */
export class BookingLinkDto {
  @ApiProperty({
    description:
      "The assignee's booking link (else the team's) with the visitor's name, e-mail and the lead's id as query parameters.",
    example: 'https://cal.com/ann/intro?name=Ada%20Lovelace&email=ada%40example.com&metadata%5BleadId%5D=…',
  })
  url!: string;
}

/** The answer to an accepted submission. */
export class ContactReceiptDto {
  @ApiProperty({ example: THANK_YOU_MESSAGE })
  message!: string;

  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    type: BookingLinkDto,
    nullable: true,
    description: 'Null without a link, for a submission held as spam, and for one the honeypot caught.',
  })
  booking!: BookingLinkDto | null;
}
