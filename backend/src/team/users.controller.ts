import { Body, Controller, Get, Patch, Req } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../identity/current-user.decorator.js';
import type { Request } from 'express';
import { type Account, requestClient } from '../identity/session-user.js';
import { MinRole } from '../identity/roles.js';
import { TeamMemberDto } from './dto/team-member.dto.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import { LAST_ADMIN, TeamService } from './team.service.js';
import { uuidParam } from '../common/uuid-param.js';

/** `/api/admin/users`: the team, for admins. */
@ApiTags('team')
@MinRole('admin')
@Controller('admin/users')
export class UsersController {
  constructor(private readonly team: TeamService) {}

  @Get()
  @ApiOkResponse({ description: 'Every account, then every open invitation.', type: [TeamMemberDto] })
  list(): Promise<TeamMemberDto[]> {
    return this.team.list();
  }

  @Patch(':id')
  @ApiOkResponse({ description: 'Changed; the account as the list shows it.', type: TeamMemberDto })
  @ApiNotFoundResponse({ description: 'No account with this id.' })
  @ApiConflictResponse({ description: LAST_ADMIN })
  update(
    @uuidParam('id', 'No account with this id') id: string,
    @Body() changes: UpdateUserDto,
    @CurrentUser() user: Account,
    @Req() req: Request,
  ): Promise<TeamMemberDto> {
    return this.team.update(id, changes, user, requestClient(req));
  }
}
