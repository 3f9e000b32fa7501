import type { components } from '@/generated/api-types';

type Schemas = components['schemas'];

// The inbox's shapes, named after the API's OpenAPI document (src/generated/api-types.ts).

export type Status = Schemas['ContactSubmissionDto']['status'];
export const STATUSES: readonly Status[] = ['new', 'contacted', 'qualified', 'archived', 'spam'];

/** PROVISIONAL until the generated types carry assignment (shared/CONTRACT.md, "Assignment"). */
export type Assignee = { id: string; username: string; displayName: string };
export type ContactSubmission = Schemas['ContactSubmissionDto'] & { assigneeId?: string | null };
export type ContactDetail = Schemas['ContactDetailDto'] & { assigneeId?: string | null; assignee?: Assignee | null };
export type Delivery = Schemas['DeliveryDto'];
export type DeliveryState = Delivery['state'];
export type HistoryEvent = Schemas['HistoryEntryDto'];

/** Where the lead came from (shared/CONTRACT.md, "Where a lead came from"). */
export type Provenance = Pick<
  ContactDetail,
  'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent' | 'referrer' | 'landingPath' | 'consentVersion'
>;
