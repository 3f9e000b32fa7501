import type { components } from '@/generated/api-types';
import type { ContactSubmission } from './contact-types';

type Schemas = components['schemas'];

// Response time's shapes (first answer, follow-up, the team's target), named after the API's OpenAPI document.

export type BusinessHours = Schemas['BusinessHoursDto'];
export type { ResponseTimeSettings } from '@/lib/response-settings';

/** What a list row and the detail say about the first answer and the follow-up (held spam: once the API says so). */
export type ResponseFields = Partial<
  Pick<ContactSubmission, 'firstRespondedAt' | 'responseMinutes' | 'responseDueAt' | 'followUpAt' | 'releasedAt'>
> & { heldAsSpam?: boolean };

export type ResponseLead = Pick<ContactSubmission, 'status' | 'submittedAt'> & ResponseFields;
