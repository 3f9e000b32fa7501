import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '../../identity/roles.js';

export class InvitationCreatedDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ enum: ROLES })
  role!: Role;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;

  @ApiProperty({
    description: 'The link to send: `<origin>/admin/invite#<token>` (the token after `#` never reaches a server). Shown once.',
  })
  inviteUrl!: string;
}
