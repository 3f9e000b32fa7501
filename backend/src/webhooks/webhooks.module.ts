import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { WebhookEndpoints } from './webhook-endpoints.service.js';
import { WebhookEvents } from './webhook-events.service.js';
import { WebhookPoster } from './webhook-poster.service.js';
import { WebhooksController } from './webhooks.controller.js';

/** Outgoing webhooks (docs/integrations.md): the endpoints, their events, and the `webhook` channel of the delivery engine. */
@Module({
  imports: [AuditModule, DeliveriesModule],
  controllers: [WebhooksController],
  providers: [WebhookEndpoints, WebhookEvents, WebhookPoster],
})
export class WebhooksModule {}
