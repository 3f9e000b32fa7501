import { queryKeys } from '@/config/api';
import type { components } from '@/generated/api-types';

type Schemas = components['schemas'];

// The webhooks' shapes, named after the API's OpenAPI document.
export type Webhook = Schemas['WebhookDto'];
export type CreatedWebhook = Schemas['CreatedWebhookDto'];
export type NewWebhook = Schemas['CreateWebhookDto'];
export type WebhookDelivery = Schemas['DeliveryLogEntryDto'];
export type WebhookEvent = Webhook['events'][number];
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = ['lead.created', 'lead.updated', 'lead.erased'];

export const WEBHOOKS_API = '/api/admin/webhooks';

// Under the shared admin prefix, so the default query function GETs the key's URL.
export const webhookKeys = {
  all: [...queryKeys.admin, 'webhooks'] as const,
  deliveries: (id: string) => [...queryKeys.admin, 'webhooks', id, 'deliveries'] as const,
};

export const webhookUrl = (id: string) => `${WEBHOOKS_API}/${encodeURIComponent(id)}`;
