import { ApiProperty } from '@nestjs/swagger';
import type { User } from '../user.entity.js';

/** A teammate as a lead names them (its assignee, who acted). */
export class PersonDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  username!: string;

  @ApiProperty()
  displayName!: string;

  static from(user: Pick<User, 'id' | 'username' | 'displayName'>): PersonDto {
    return { id: user.id, username: user.username, displayName: user.displayName };
  }
}
