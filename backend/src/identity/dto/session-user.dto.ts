import { ApiProperty } from '@nestjs/swagger';

/** The signed-in admin. */
export class SessionUserDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'admin' })
  username!: string;
}
