import { queryKeys } from '@/config/api';
import type { components } from '@/generated/api-types';

type Schemas = components['schemas'];

export type ReplyTemplate = Schemas['ReplyTemplateDto'];
export type NewReplyTemplate = Schemas['CreateReplyTemplateDto'];

export const REPLY_TEMPLATES_API = '/api/admin/reply-templates';

// The same key as the inbox's reply box (its URL): a template saved here is offered there at once.
export const replyTemplateKeys = { all: [...queryKeys.admin, 'reply-templates'] as const };

export const replyTemplateUrl = (id: string) => `${REPLY_TEMPLATES_API}/${encodeURIComponent(id)}`;
