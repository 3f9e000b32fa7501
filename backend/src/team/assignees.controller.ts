import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MinRole } from '../identity/roles.js';
import { PersonDto } from '../identity/dto/person.dto.js';
import { AssigneeDto } from './dto/assignee.dto.js';
import { TeamService } from './team.service.js';

/**
 * `/api/admin/assignees`: whom a lead can be assigned to (active members and admins), for
 * everyone who reads the inbox (a member assigns to a teammate, a viewer reads whose a lead is). Only what a lead shows of
 * a person: the team page's list, with e-mails and states, stays the admins'.
 */
@ApiTags('team')
@MinRole('viewer')
@Controller('admin/assignees')
export class AssigneesController {
  constructor(private readonly team: TeamService) {}

  @Get()
  @ApiOkResponse({ description: 'Every active member and admin, by display name.', type: [AssigneeDto] })
  list(): Promise<AssigneeDto[]> {
    return this.team.assignees();
  }

  @Get('disabled')
  @MinRole('admin')
  @ApiOkResponse({
    description: 'Every disabled account that still owns a lead, by display name: the inbox filter finds their leads.',
    type: [PersonDto],
  })
  disabledOwners(): Promise<PersonDto[]> {
    return this.team.disabledOwners();
  }
}
