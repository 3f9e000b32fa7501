import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH } from '../../identity/dto/update-account.dto.js';
import { ROLES, type Role } from '../../identity/roles.js';
import { Trim } from '../../common/transforms.js';

export class CreateInvitationDto {
  @ApiProperty({ maxLength: EMAIL_MAX_LENGTH, example: 'ana@example.com' })
  @Trim()
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `email must be at most ${EMAIL_MAX_LENGTH} characters` })
  email!: string;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role!: Role;
}
