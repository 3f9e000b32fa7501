import type { components } from '@/generated/api-types';

type Schemas = components['schemas'];

// The inbox's shapes, named after the API's OpenAPI document (src/generated/api-types.ts).

export type Status = Schemas['ContactSubmissionDto']['status'];
export const STATUSES: readonly Status[] = ['new', 'contacted', 'qualified', 'archived', 'spam'];

export type Assignee = Schemas['PersonDto'];
export type ContactSubmission = Schemas['ContactSubmissionDto'];
export type ContactDetail = Schemas['ContactDetailDto'];
/** What the spam check found at intake (list rows and the detail carry it). */
export type SpamInfo = Pick<ContactSubmission, 'spamScore' | 'spamReasons' | 'heldAsSpam'>;
export type SpamReason = ContactSubmission['spamReasons'][number];
export type Delivery = Schemas['DeliveryDto'];
export type DeliveryState = Delivery['state'];
export type HistoryEvent = Schemas['HistoryEntryDto'];
export type LeadEmail = Schemas['ContactEmailDto'];
export type EmailStatus = Schemas['EmailSettingsDto'];
export type Note = Schemas['NoteDto'];
export type LeadMessage = Schemas['LeadMessageDto'];
export type MessageAttachment = Schemas['AttachmentDto'];
export type SendMessage = Schemas['SendMessageDto'];
export type ReplyTemplate = Schemas['ReplyTemplateDto'];
export type RenderedTemplate = Schemas['RenderedTemplateDto'];
export type ContactChanges = Schemas['UpdateContactDto'];

/** The lead as the screen showed it when the user made a change: its version goes as If-Match. */
export type SeenLead = Pick<ContactSubmission, 'id' | 'version' | 'status' | 'assigneeId'> &
  Partial<Pick<ContactDetail, 'notes'>>;

/** Where the lead came from (docs/team-and-privacy.md). */
export type Provenance = Pick<
  ContactDetail,
  'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent' | 'referrer' | 'landingPath' | 'consentVersion'
>;
