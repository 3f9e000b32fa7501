import type { Query } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import type { components } from '@/generated/api-types';

type Schemas = components['schemas'];

// The webhooks' shapes, named after the API's OpenAPI document.
export type Webhook = Schemas['WebhookDto'];
export type CreatedWebhook = Schemas['CreatedWebhookDto'];
export type NewWebhook = Schemas['CreateWebhookDto'];
export type DeliveryLogEntry = Schemas['DeliveryLogEntryDto'];
export type Spreadsheet = Schemas['SpreadsheetDto'];
export type WebhookEvent = Webhook['events'][number];
// Every event the API accepts, in the form's order: a record over the API's type, so that an
// event the API gains and the form does not offer fails the type check.
const EVENT_ORDER: Record<WebhookEvent, number> = {
  'lead.created': 1,
  'lead.updated': 2,
  'lead.erased': 3,
  'lead.overdue': 4,
  'lead.message': 5,
};
export const WEBHOOK_EVENTS = (Object.keys(EVENT_ORDER) as WebhookEvent[]).sort((a, b) => EVENT_ORDER[a] - EVENT_ORDER[b]);

export const WEBHOOKS_API = '/api/admin/webhooks';

// Under the shared admin prefix, so the default query function GETs the key's URL.
export const webhookKeys = {
  all: [...queryKeys.admin, 'webhooks'] as const,
  deliveries: (id: string) => [...queryKeys.admin, 'webhooks', id, 'deliveries'] as const,
};

export const webhookUrl = (id: string) => `${WEBHOOKS_API}/${encodeURIComponent(id)}`;

// The spreadsheet copy's log, shown on the same page (its URL is the server's secret).
export const spreadsheetKeys = {
  state: [...queryKeys.admin, 'spreadsheet'] as const,
  deliveries: [...queryKeys.admin, 'spreadsheet', 'deliveries'] as const,
};

/** A delivery log is polled while one of its deliveries is pending, so it shows each result as it comes. */
export const pollWhilePending = (query: Query<DeliveryLogEntry[]>) =>
  query.state.data?.some((delivery) => delivery.state === 'pending') ? 1000 : false;
