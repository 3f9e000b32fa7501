import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
import { OptionalField } from '../../common/optional-field.js';
import { ROLES, type Role } from '../../identity/roles.js';

/** PATCH /api/admin/users/:id: each field given is changed. */
export class UpdateUserDto {
  @ApiPropertyOptional({ enum: ROLES })
  @OptionalField()
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role?: Role;

  @ApiPropertyOptional({ description: 'true disables the account (its sessions end at once); false enables it again.' })
  @OptionalField()
  @IsBoolean({ message: 'disabled must be true or false' })
  disabled?: boolean;

  @ApiPropertyOptional({ description: 'true marks the teammate away (routing gives them no new leads); false, back.' })
  @OptionalField()
  @IsBoolean({ message: 'away must be true or false' })
  away?: boolean;

  @ApiPropertyOptional({
    enum: [false],
    description: "false turns the teammate's two-factor sign-in off (a lost phone); only they can turn it on.",
  })
  @OptionalField()
  @IsIn([false], { message: 'twoFactor can only be false (the teammate turns it on themselves)' })
  twoFactor?: false;
}
