import type { ContactChanges, ContactSubmission } from './contact-types';

// Response time's shapes (first answer, follow-up, the team's target). Written beside the
// generated ones so the screens type-check whichever version of the API document they meet:
// every field is the API's own name.

export type BusinessHours = {
  /** IANA time zone in which the days and hours are read. */
  timeZone: string;
  /** ISO weekdays, Monday = 1 … Sunday = 7. */
  days: number[];
  /** "HH:MM" */
  start: string;
  end: string;
};

export type ResponseTimeSettings = {
  targetMinutes: number;
  businessHours: BusinessHours | null;
};

/** What a list row and the detail say about the first answer and the follow-up. */
export type ResponseFields = {
  firstRespondedAt?: string | null;
  responseMinutes?: number | null;
  followUpAt?: string | null;
  heldAsSpam?: boolean;
};

export type ResponseLead = Pick<ContactSubmission, 'status' | 'submittedAt'> & ResponseFields;

export type FollowUpChanges = ContactChanges & { followUpAt?: string | null };

export const DEFAULT_TARGET_MINUTES = 60;
