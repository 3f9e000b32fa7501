import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser } from '../identity/current-user.decorator.js';
import type { Account } from '../identity/session-user.js';
import { MinRole } from '../identity/roles.js';
import { CreateWebhookDto, UpdateWebhookDto } from './dto/save-webhook.dto.js';
import { DeliveryLogEntryDto } from '../deliveries/delivery-log-entry.dto.js';
import { CreatedWebhookDto, WebhookDto, WebhookSecretDto } from './dto/webhook.dto.js';
import { WebhookEndpoints } from './webhook-endpoints.service.js';
import { DeliveryId, WebhookId } from './webhook-id.param.js';

/** The outgoing webhooks, `/api/admin/webhooks/**` (docs/integrations.md, "Outgoing webhooks"). Every route: admin only. */
@ApiTags('admin')
@MinRole('admin')
@Controller('admin/webhooks')
export class WebhooksController {
  constructor(private readonly endpoints: WebhookEndpoints) {}

  @Get()
  @ApiOkResponse({ description: 'Every endpoint, oldest first (never its secret).', type: [WebhookDto] })
  list(): Promise<WebhookDto[]> {
    return this.endpoints.list();
  }

  @Post()
  @ApiCreatedResponse({ description: 'The endpoint, with its signing secret shown this once.', type: CreatedWebhookDto })
  @ApiBadRequestResponse({ description: 'Every failed rule (an http: URL unless WEBHOOKS_ALLOW_PRIVATE=true).' })
  create(@Body() body: CreateWebhookDto, @CurrentUser() user: Account): Promise<CreatedWebhookDto> {
    return this.endpoints.create(body, user);
  }

  @Patch(':id')
  @ApiOkResponse({ type: WebhookDto })
  @ApiNotFoundResponse({ description: 'No webhook with this id.' })
  update(@WebhookId() id: string, @Body() changes: UpdateWebhookDto, @CurrentUser() user: Account): Promise<WebhookDto> {
    return this.endpoints.update(id, changes, user);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Removed, with its deliveries.' })
  @ApiNotFoundResponse({ description: 'No webhook with this id.' })
  remove(@WebhookId() id: string, @CurrentUser() user: Account): Promise<void> {
    return this.endpoints.remove(id, user);
  }

  @Post(':id/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'The new secret, shown this once; the old one no longer signs.', type: WebhookSecretDto })
  @ApiNotFoundResponse({ description: 'No webhook with this id.' })
  rotateSecret(@WebhookId() id: string, @CurrentUser() user: Account): Promise<WebhookSecretDto> {
    return this.endpoints.rotateSecret(id, user);
  }

  @Post(':id/test')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ description: 'A `webhook.test` event is queued.', type: DeliveryLogEntryDto })
  @ApiNotFoundResponse({ description: 'No webhook with this id.' })
  test(@WebhookId() id: string): Promise<DeliveryLogEntryDto> {
    return this.endpoints.test(id);
  }

  @Get(':id/deliveries')
  @ApiOkResponse({ description: 'The endpoint’s latest 100 deliveries, newest first.', type: [DeliveryLogEntryDto] })
  @ApiNotFoundResponse({ description: 'No webhook with this id.' })
  deliveries(@WebhookId() id: string): Promise<DeliveryLogEntryDto[]> {
    return this.endpoints.deliveries(id);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ description: 'Queued again, as it was (same `webhook-id`).', type: DeliveryLogEntryDto })
  @ApiNotFoundResponse({ description: 'No such delivery for this endpoint.' })
  redeliver(@WebhookId() id: string, @DeliveryId() deliveryId: string): Promise<DeliveryLogEntryDto> {
    return this.endpoints.redeliver(id, deliveryId);
  }
}
