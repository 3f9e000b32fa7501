import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { TOKEN_LIFETIME_MS } from './spam/form-tokens.service.js';
import { ADMISSION_SQL } from './admission.sql.js';

/** Its client's rate-limit key, its Idempotency-Key with the hash of its body, and its verified form token's key. */
export interface AdmissionRequest {
  rateKey: string;
  idempotencyKey: string | null;
  requestHash: string | null;
  /** `form-token:<signature>` of a token that verified, or null (none, forged or expired). */
  tokenKey: string | null;
}

/**
 * Admitted (to be scored and stored; `tokenFresh`: its form token was not used before),
 * refused by the rate limit, a retry of the submission `id`, or a key used for another body.
 */
export type Admission =
  | { result: 'admitted'; tokenFresh: boolean }
  | { result: 'limited'; retryAfter: number }
  | { result: 'repeat'; id: string }
  | { result: 'key-reused' };

interface AdmissionRow {
  result: Admission['result'];
  submissionId: string | null;
  retryAfter: number | null;
  tokenFresh: boolean;
}

interface Pending {
  request: AdmissionRequest;
  resolve: (admission: Admission) => void;
  reject: (error: unknown) => void;
}

export const RATE_WINDOW_MS = 60_000;
const MAX_BATCH = 256;
// PostgreSQL's deadlock_detected: the batch is safe to run again (nothing of it was kept).
const DEADLOCK_DETECTED = '40P01';

/**
 * The rate limit and the form token's single use, checked before a post is scored
 * (admission.sql.ts). Grouped like SubmissionBatcher: the posts that arrive while a batch
 * runs go together in the next one (one statement, one commit), so a post costs one more
 * round trip, not one more commit of its own.
 */
@Injectable()
export class AdmissionBatcher {
  private queue: Pending[] = [];
  private running = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  /**
   * Undoes the admission of a post that could not be stored (the database refused its batch):
   * its hit comes off its client's counter and its form token is unspent, so that the retry
   * its 503 asks for is a first try again, not a post over the limit or without a token.
   */
  async giveBack(rateKey: string, spentTokenKey: string | null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query('UPDATE rate_limits SET hits = hits - 1 WHERE key = $1', [rateKey]);
      await manager.query('DELETE FROM rate_limits WHERE (key = $1 AND hits <= 0) OR key = $2', [rateKey, spentTokenKey]);
    });
  }

  admit(request: AdmissionRequest): Promise<Admission> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      if (!this.running) setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const requests = batch.map((pending) => pending.request);
          const rows = await this.run(requests).catch((error: { code?: string }) => {
            if (error.code === DEADLOCK_DETECTED) return this.run(requests);
            throw error;
          });
          batch.forEach(({ resolve }, index) => resolve(admission(rows[index])));
        } catch (error) {
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private run(requests: AdmissionRequest[]): Promise<AdmissionRow[]> {
    return this.dataSource.query<AdmissionRow[]>(ADMISSION_SQL, [
      RATE_WINDOW_MS,
      this.config.get('CONTACT_RATE_LIMIT', { infer: true }),
      TOKEN_LIFETIME_MS,
      requests.map((request) => request.rateKey),
      requests.map((request) => request.idempotencyKey),
      requests.map((request) => request.requestHash),
      requests.map((request) => request.tokenKey),
    ]);
  }
}

function admission(row: AdmissionRow): Admission {
  switch (row.result) {
    case 'admitted':
      return { result: 'admitted', tokenFresh: row.tokenFresh };
    case 'limited':
      return { result: 'limited', retryAfter: row.retryAfter! };
    case 'repeat':
      return { result: 'repeat', id: row.submissionId! };
    default:
      return { result: 'key-reused' };
  }
}
