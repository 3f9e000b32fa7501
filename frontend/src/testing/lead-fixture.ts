import type { ContactSubmission } from '@/features/inbox/api/contact-types';

/** A lead as the list API answers it, new and unassigned, with `overrides`. */
export const leadFixture = (overrides: Partial<ContactSubmission> = {}): ContactSubmission => ({
  id: 'id-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  linkedin: null,
  company: null,
  assigneeId: null,
  interest: 'community',
  comments: null,
  submittedAt: '2026-11-20T10:00:00.000Z',
  status: 'new',
  repeatOf: null,
  version: 1,
  firstRespondedAt: null,
  responseMinutes: null,
  responseDueAt: null,
  followUpAt: null,
  releasedAt: null,
  lastMessageAt: null,
  awaitingReply: false,
  nextMeetingAt: null,
  spamScore: 0,
  spamReasons: [],
  heldAsSpam: false,
  ...overrides,
});
