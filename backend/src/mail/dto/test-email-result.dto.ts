import { ApiProperty } from '@nestjs/swagger';

export class TestEmailResultDto {
  @ApiProperty({ example: 'ada@example.com' })
  to!: string;

  @ApiProperty({ description: "The SMTP server's reply to the message", example: '250 2.0.0 Ok: queued as 4F2A1' })
  response!: string;
}
