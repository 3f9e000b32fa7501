import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { LeadEvents } from '../leads/lead-events.service.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';
import { IntakeMetrics } from './intake-metrics.service.js';
import { bookingLink } from '../common/booking-link.js';
import type { BookingProvider } from '../common/booking-link.js';
import { type StoreSubmissionsStatement, storeSubmissionsSql, type SubmissionField } from './store-submissions.sql.js';

/**
 * A validated and admitted submission (AdmissionBatcher), ready to store (an absent optional
 * field is stored as NULL).
 */
export type NewSubmission = Pick<CreateContactDto, Exclude<SubmissionField, 'id'>> & {
  id: string;
  /** Its spam verdict (SpamScorer): a held one is stored with status `spam` and sends nothing. */
  spamScore: number;
  spamReasonList: string;
  heldAsSpam: boolean;
  /** The client's public network (publicNetwork), or null: not stored, read by the auto-reply. */
  network: string | null;
  /** The client's Idempotency-Key and the hash of what it sent, or null without a key. */
  idempotencyKey: string | null;
  requestHash: string | null;
};

/**
 * Stored (and committed); a retry of the submission `id` (its Idempotency-Key stands for
 * it: nothing stored); or refused because its key stands for a submission with another body.
 */
export type StoreOutcome =
  { result: 'stored'; bookingUrl: string | null } | { result: 'repeat'; id: string } | { result: 'key-reused' };

interface OutcomeRow {
  result: StoreOutcome['result'];
  submissionId: string | null;
  /** A stored lead's booking link before its parameters (src/booking/booking-link.ts), and the team's tool. */
  bookingBase: string | null;
  bookingProvider: BookingProvider | null;
}

interface Pending {
  submission: NewSubmission;
  resolve: (outcome: StoreOutcome) => void;
  reject: (error: unknown) => void;
}

// A batch is one statement; 256 rows keep its arrays small and its latency short.
const MAX_BATCH = 256;
// One batch committing while the next one runs its statement: the commit's flush overlaps work.
const MAX_IN_FLIGHT = 2;
// PostgreSQL's deadlock_detected: the batch is safe to run again (nothing of it was kept).
const DEADLOCK_DETECTED = '40P01';

/**
 * Group commit: the submissions that arrive while the database is busy are stored together
 * by one statement in one transaction (store-submissions.sql.ts), and each request is
 * answered after that commit. No timer: a batch leaves as soon as a slot is free (on the
 * next turn of the event loop), so a lone request waits for nothing. If the statement
 * fails, every request of the batch gets the error and none of its rows is stored.
 */
@Injectable()
export class SubmissionBatcher {
  private readonly logger = new Logger(SubmissionBatcher.name);
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  private statement: StoreSubmissionsStatement | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly deliveries: DeliveryWorker,
    private readonly leadEvents: LeadEvents,
    private readonly metrics: IntakeMetrics,
  ) {}

  /** Resolves once the submission is committed (or refused); rejects when its batch failed. */
  store(submission: NewSubmission): Promise<StoreOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ submission, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    // After this turn of the event loop: the requests parsed in the same turn join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight += 1;
      void this.write(batch).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      const outcomes = await this.run(batch.map((pending) => pending.submission)).catch((error: { code?: string }) => {
        if (error.code === DEADLOCK_DETECTED) return this.run(batch.map((pending) => pending.submission));
        throw error;
      });
      batch.forEach(({ submission, resolve }, index) => {
        if (outcomes[index].result === 'stored') this.metrics.leadStored(submission.heldAsSpam, submission.spamReasonList);
        resolve(outcomes[index]);
      });
      // Its spreadsheet copy, webhooks and e-mails, if any, are queued: send them now.
      if (outcomes.some((outcome) => outcome.result === 'stored')) this.deliveries.nudge();
    } catch (error) {
      this.logger.error(`a batch of ${batch.length} submissions was not stored: ${String(error)}`);
      for (const pending of batch) pending.reject(error);
    }
  }

  private async run(submissions: NewSubmission[]): Promise<StoreOutcome[]> {
    // Without work after the statement (the auto-reply, with e-mail on), it commits alone (no transaction's round trips).
    if (!this.leadEvents.intakeNeedsTransaction()) return this.storeBatch(this.dataSource.manager, submissions);
    return this.dataSource.transaction(async (manager) => {
      const outcomes = await this.storeBatch(manager, submissions);
      // A held lead gets nothing (its release may send it). The auto-reply takes the booking link.
      const stored = submissions.flatMap((submission, index) => {
        const stored = outcomes[index];
        return stored.result === 'stored' && !submission.heldAsSpam ? [{ ...submission, bookingUrl: stored.bookingUrl }] : [];
      });
      await this.leadEvents.afterIntake(manager, stored);
      return outcomes;
    });
  }

  private async storeBatch(manager: EntityManager, submissions: NewSubmission[]): Promise<StoreOutcome[]> {
    // Built once the lead channels have registered their parts (at module init, before any request).
    const { sql, columns, intake } = (this.statement ??= storeSubmissionsSql((first) => this.leadEvents.intake(first)));
    // What the channels compute before the statement (the new-lead e-mail, rendered).
    const extras = submissions.map((submission) => intake.inputs(submission));
    const rows = await manager.query<OutcomeRow[]>(sql, [
      ...intake.parameters(),
      ...columns.map(({ field }) =>
        submissions.map((submission, index) => (submission as Record<string, unknown>)[field] ?? extras[index][field] ?? null),
      ),
    ]);
    return rows.map((row, index) => outcome(row, submissions[index]));
  }
}

function outcome(row: OutcomeRow, submission: NewSubmission): StoreOutcome {
  switch (row.result) {
    case 'repeat':
      return { result: 'repeat', id: row.submissionId! };
    case 'stored': {
      const visitor = { leadId: submission.id, name: submission.name, email: submission.email };
      return { result: 'stored', bookingUrl: bookingLink(row.bookingBase, row.bookingProvider ?? 'other', visitor) };
    }
    default:
      return { result: row.result };
  }
}
