import { ApiProperty } from '@nestjs/swagger';
import { PersonDto } from '../../identity/dto/person.dto.js';
import type { User } from '../../identity/user.entity.js';

/** Whom a lead can be assigned to, and whether they are away (routing skips them; the routing page shows it). */
export class AssigneeDto extends PersonDto {
  @ApiProperty()
  away!: boolean;

  static fromUser(user: Pick<User, 'id' | 'username' | 'displayName' | 'away'>): AssigneeDto {
    return { ...PersonDto.from(user), away: user.away };
  }
}
