import type { components } from '@/lib/api-types';

// The shapes of the inbox's answers as shared/CONTRACT.md fixes them ("The inbox", "Where a
// lead came from"); the generated API types cover the first ones only.

export const STATUSES = ['new', 'contacted', 'qualified', 'archived', 'spam'] as const;
export type Status = (typeof STATUSES)[number];

export type ContactSubmission = components['schemas']['ContactSubmissionDto'] & {
  status: Status;
  /** The id of the earliest submission with the same normalised e-mail, or null. */
  repeatOf: string | null;
};

export type DeliveryState = 'off' | 'pending' | 'delivered' | 'failed';

export type Delivery = {
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
};

export type HistoryEvent = {
  at: string;
  actor: string | null;
  action: string;
  detail: Record<string, unknown>;
};

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

export type ContactDetail = ContactSubmission &
  Provenance & {
    note: string | null;
    statusChangedAt: string | null;
    statusChangedBy: string | null;
    delivery: Delivery;
    history?: HistoryEvent[];
    otherSubmissions?: OtherSubmission[];
  };

export type TrendDay = {
  date: string;
  total: number;
  byInterest: Record<string, number>;
};
