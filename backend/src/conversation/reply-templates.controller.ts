import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { uuidParam } from '../common/uuid-param.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { MinRole } from '../identity/roles.js';
import type { Account } from '../identity/session-user.js';
import {
  CreateReplyTemplateDto,
  RenderedTemplateDto,
  RenderReplyTemplateDto,
  ReplyTemplateDto,
  UpdateReplyTemplateDto,
} from './dto/reply-template.dto.js';
import { ReplyTemplates } from './reply-templates.service.js';

const TemplateId = () => uuidParam('id', 'No reply template with this id');

/** The team's reply templates, `/api/admin/reply-templates/**` (read: member; write: admin). */
@ApiTags('admin')
@Controller('admin/reply-templates')
export class ReplyTemplatesController {
  constructor(private readonly templates: ReplyTemplates) {}

  @Get()
  @MinRole('member')
  @ApiOkResponse({ description: 'Every template, by name.', type: [ReplyTemplateDto] })
  list(): Promise<ReplyTemplateDto[]> {
    return this.templates.list();
  }

  @Post()
  @MinRole('admin')
  @ApiCreatedResponse({ description: 'Saved; 400 naming each unknown variable.', type: ReplyTemplateDto })
  create(@Body() body: CreateReplyTemplateDto): Promise<ReplyTemplateDto> {
    return this.templates.create(body);
  }

  @Patch(':id')
  @MinRole('admin')
  @ApiOkResponse({ description: 'Changed; 400 naming each unknown variable.', type: ReplyTemplateDto })
  @ApiNotFoundResponse({ description: 'No template with this id.' })
  update(@TemplateId() id: string, @Body() body: UpdateReplyTemplateDto): Promise<ReplyTemplateDto> {
    return this.templates.update(id, body);
  }

  @Delete(':id')
  @MinRole('admin')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse({ description: 'No template with this id.' })
  remove(@TemplateId() id: string): Promise<void> {
    return this.templates.remove(id);
  }

  @Post(':id/render')
  @MinRole('member')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description: 'The template filled in for the lead and the caller (values as text, one pass).',
    type: RenderedTemplateDto,
  })
  @ApiNotFoundResponse({ description: 'No template, or no lead, with this id.' })
  render(
    @TemplateId() id: string,
    @Body() body: RenderReplyTemplateDto,
    @CurrentUser() user: Account,
  ): Promise<RenderedTemplateDto> {
    return this.templates.render(id, body.leadId, user);
  }
}
