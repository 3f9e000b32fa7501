import { DataSource, type DataSourceOptions } from 'typeorm';
import { AutoReplyRecipient } from '../auto-reply/auto-reply-recipient.entity.js';
import { AutoReplySettings } from '../auto-reply/auto-reply-settings.entity.js';
import { AuditEvent } from '../audit/audit-event.entity.js';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import { ContactNote } from '../leads/contact-note.entity.js';
import { EmailChange } from '../auth/email-change.entity.js';
import { PasswordReset } from '../auth/password-reset.entity.js';
import { SignIn } from '../auth/sign-in.entity.js';
import { Invitation } from '../team/invitation.entity.js';
import { Delivery } from '../deliveries/delivery.entity.js';
import { User } from '../identity/user.entity.js';
import { WebhookEndpoint } from '../webhooks/webhook-endpoint.entity.js';
import { InitialSchema1763790000000 } from './migrations/1763790000000-initial-schema.js';
import { SessionsAndRateLimits1763800000000 } from './migrations/1763800000000-sessions-and-rate-limits.js';
import { SheetDeliveries1795326600000 } from './migrations/1795326600000-sheet-deliveries.js';
import { ContactSubmissionCounts1795328829376 } from './migrations/1795328829376-contact-submission-counts.js';
import { ContactSubmissionDeltas1795400000000 } from './migrations/1795400000000-contact-submission-deltas.js';
import { ContactIdempotencyKeys1795500000000 } from './migrations/1795500000000-contact-idempotency-keys.js';
import { InboxStatusAndAuditEvents1795600000000 } from './migrations/1795600000000-inbox-status-and-audit-events.js';
import { ContactSearchAndFilters1795600100000 } from './migrations/1795600100000-contact-search-and-filters.js';
import { ContactProvenance1795700000000 } from './migrations/1795700000000-contact-provenance.js';
import { SheetEraseDeliveries1795700000001 } from './migrations/1795700000001-sheet-erase-deliveries.js';
import { RetentionRuns1795700000002 } from './migrations/1795700000002-retention-runs.js';
import { UuidIds1795800000000 } from './migrations/1795800000000-uuid-ids.js';
import { ContactSubmissionDays1795900000000 } from './migrations/1795900000000-contact-submission-days.js';
import { TeamAccounts1796000000000 } from './migrations/1796000000000-team-accounts.js';
import { Deliveries1796100000000 } from './migrations/1796100000000-deliveries.js';
import { LeadCreatedNotify1796200000000 } from './migrations/1796200000000-lead-created-notify.js';
import { DigestRuns1796300000000 } from './migrations/1796300000000-digest-runs.js';
import { AutoReply1796400000000 } from './migrations/1796400000000-auto-reply.js';
import { TwoFactorAndSignIns1796510000000 } from './migrations/1796510000000-two-factor-and-sign-ins.js';
import { NoteThreads1796540000000 } from './migrations/1796540000000-note-threads.js';
import { CanonicalEmailsAndUsernames1796578357697 } from './migrations/1796578357697-canonical-emails-and-usernames.js';
import { AutoReplySender1796578357698 } from './migrations/1796578357698-auto-reply-sender.js';
import { SlackEndpointsNewLeadsOnly1796578357699 } from './migrations/1796578357699-slack-endpoints-new-leads-only.js';
import { EmailChanges1796579176000 } from './migrations/1796579176000-email-changes.js';
import { ResponseTime1796581933046 } from './migrations/1796581933046-response-time.js';
import { ResponseTimeSettings } from '../leads/response-time-settings.entity.js';
import { LeadMessage } from '../conversation/lead-message.entity.js';
import { LeadMessageAttachment } from '../conversation/lead-message-attachment.entity.js';
import { LeadReplyToken } from '../conversation/lead-reply-token.entity.js';
import { ReplyTemplate } from '../conversation/reply-template.entity.js';
import { SpamQuarantine1796630000000 } from './migrations/1796630000000-spam-quarantine.js';
import { ReturningOwnerIndex1796640000000 } from './migrations/1796640000000-returning-owner-index.js';
import { DeliveriesFailedIndex1796650000000 } from './migrations/1796650000000-deliveries-failed-index.js';
import { Conversation1796700000000 } from './migrations/1796700000000-conversation.js';
import { ReplyTemplates1796700000001 } from './migrations/1796700000001-reply-templates.js';
import { ImapMailboxes1796710000000 } from './migrations/1796710000000-imap-mailboxes.js';
import { ExactResponseTime1796830000000 } from './migrations/1796830000000-exact-response-time.js';
import { TimeZoneChosen1796830000001 } from './migrations/1796830000001-time-zone-chosen.js';
import { DeltasOfCountedChanges1796840000000 } from './migrations/1796840000000-deltas-of-counted-changes.js';
import { UnescalatedDueIndex1796850000000 } from './migrations/1796850000000-unescalated-due-index.js';
import { ImapMailbox } from '../conversation/imap-mailbox.entity.js';
import { Routing1796800000000 } from './migrations/1796800000000-routing.js';
import { LeadCreatedRouting1796800000001 } from './migrations/1796800000001-lead-created-routing.js';
import { RoutingSettings } from '../leads/routing-settings.entity.js';
import { RoutingCursor } from '../leads/routing-cursor.entity.js';
import { NotificationChoices1796810000000 } from './migrations/1796810000000-notification-choices.js';
import { Booking1796820000000 } from './migrations/1796820000000-booking.js';
import { BookingSettings } from '../booking/booking-settings.entity.js';
import { Meeting } from '../leads/meeting.entity.js';
import { BookingEvent } from '../booking/booking-event.entity.js';

/** The entities and migrations of the app; listed, not globbed, so ESM and tests load them alike. */
const ENTITIES = [
  ContactSubmission,
  User,
  Delivery,
  AuditEvent,
  WebhookEndpoint,
  Invitation,
  PasswordReset,
  AutoReplySettings,
  AutoReplyRecipient,
  SignIn,
  ContactNote,
  EmailChange,
  ResponseTimeSettings,
  LeadMessage,
  LeadMessageAttachment,
  LeadReplyToken,
  ReplyTemplate,
  ImapMailbox,
  RoutingSettings,
  RoutingCursor,
  BookingSettings,
  Meeting,
  BookingEvent,
];
export const MIGRATIONS = [
  InitialSchema1763790000000,
  SessionsAndRateLimits1763800000000,
  SheetDeliveries1795326600000,
  ContactSubmissionCounts1795328829376,
  ContactSubmissionDeltas1795400000000,
  ContactIdempotencyKeys1795500000000,
  InboxStatusAndAuditEvents1795600000000,
  ContactSearchAndFilters1795600100000,
  ContactProvenance1795700000000,
  SheetEraseDeliveries1795700000001,
  RetentionRuns1795700000002,
  UuidIds1795800000000,
  ContactSubmissionDays1795900000000,
  TeamAccounts1796000000000,
  Deliveries1796100000000,
  LeadCreatedNotify1796200000000,
  DigestRuns1796300000000,
  AutoReply1796400000000,
  TwoFactorAndSignIns1796510000000,
  NoteThreads1796540000000,
  CanonicalEmailsAndUsernames1796578357697,
  AutoReplySender1796578357698,
  SlackEndpointsNewLeadsOnly1796578357699,
  EmailChanges1796579176000,
  ResponseTime1796581933046,
  SpamQuarantine1796630000000,
  ReturningOwnerIndex1796640000000,
  DeliveriesFailedIndex1796650000000,
  Conversation1796700000000,
  ReplyTemplates1796700000001,
  ImapMailboxes1796710000000,
  Routing1796800000000,
  LeadCreatedRouting1796800000001,
  NotificationChoices1796810000000,
  Booking1796820000000,
  ExactResponseTime1796830000000,
  TimeZoneChosen1796830000001,
  DeltasOfCountedChanges1796840000000,
  UnescalatedDueIndex1796850000000,
];

/** One definition of the database connection, shared by the app, the migration command and tests. */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    // The schema changes only through migrations.
    synchronize: false,
    migrationsRun: false,
    // Extensions included: TypeORM would create uuid-ossp at every connection for the uuid
    // ids. They default to PostgreSQL's own gen_random_uuid() (13+), which 'pgcrypto' makes
    // `migration:generate` write.
    installExtensions: false,
    uuidExtension: 'pgcrypto',
    extra: { max: 10, connectionTimeoutMillis: 5000 },
  };
}

export interface RequestTimeouts {
  /** Longest wait for a pooled connection (connecting included). */
  acquireTimeoutMs: number;
  /** Longest run of one statement, enforced by the server (lock waits included). */
  statementTimeoutMs: number;
}

/**
 * The pool that serves requests: every wait bounded, so that a database that is down,
 * frozen or locked costs a request a few seconds and a 503 (see errors/), never a hang
 * past nginx's proxy_read_timeout (30 s). Migrations use the unbounded options above.
 */
export function requestDataSourceOptions(url: string, timeouts: RequestTimeouts): DataSourceOptions {
  const options = dataSourceOptions(url);
  return {
    ...options,
    extra: {
      // Two replicas at 20 stay well inside PostgreSQL's default 100 connections.
      max: 20,
      connectionTimeoutMillis: timeouts.acquireTimeoutMs,
      // Server side: the statement is cancelled, its locks released.
      statement_timeout: timeouts.statementTimeoutMs,
      // A transaction left open by a stuck request does not hold its locks for long.
      idle_in_transaction_session_timeout: timeouts.statementTimeoutMs * 2,
      // Client side, for a server that no longer answers at all (frozen, network gone).
      query_timeout: timeouts.statementTimeoutMs + 1000,
      // No JIT: a PostgreSQL built with LLVM (the postgres image) compiled the intake's one
      // batched statement, whose row estimates pass jit_above_cost, for longer than the
      // statement timeout on a busy 2-core machine: every form post answered 503. These are
      // short OLTP statements, which JIT does not speed up.
      options: '-c jit=off',
      keepAlive: true,
    },
  };
}

/** For the TypeORM CLI (`typeorm -d dist/database/data-source.js migration:generate …`). */
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://localhost/app'));
