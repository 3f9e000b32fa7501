import type { components } from '@/generated/api-types';

type Schemas = components['schemas'];

// The inbox's shapes, generated from the API's OpenAPI document. The provenance fields,
// `repeatOf` and `otherSubmissions` (shared/CONTRACT.md, "Where a lead came from") are
// optional here until the API's document carries them.

export type Status = Schemas['ContactSubmissionDto']['status'];
export const STATUSES: readonly Status[] = ['new', 'contacted', 'qualified', 'archived', 'spam'];

export type ContactSubmission = Schemas['ContactSubmissionDto'] & {
  /** The id of the earliest submission with the same normalised e-mail, or null. */
  repeatOf?: string | null;
};

export type Delivery = Schemas['DeliveryDto'];
export type DeliveryState = Delivery['state'];
export type HistoryEvent = Schemas['HistoryEntryDto'];
export type TrendDay = Schemas['TrendDayDto'];

export type OtherSubmission = {
  id: string;
  submittedAt: string;
  interest: string;
  status: Status;
};

export type Provenance = {
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  utmTerm?: string | null;
  utmContent?: string | null;
  referrer?: string | null;
  landingPath?: string | null;
  consentVersion?: string | null;
};

export type ContactDetail = Schemas['ContactDetailDto'] &
  Provenance & {
    repeatOf?: string | null;
    otherSubmissions?: OtherSubmission[];
  };
