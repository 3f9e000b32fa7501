import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment.js';
import type { ContactSubmission, SubmissionFormField } from '../contact/contact-submission.entity.js';
import { isRetryableStatus } from './retry-schedule.js';
import { signedUrl } from './sheets-signature.js';

/** What the spreadsheet receives for one submission: the form's fields plus `id` and `submittedAt`. */
export interface SheetRow extends Pick<ContactSubmission, SubmissionFormField | 'id'> {
  submittedAt: string;
}

/** What the spreadsheet receives for an erasure: delete the rows with these ids. */
export interface SheetErasure {
  action: 'erase';
  ids: string[];
}

export type AttemptResult = { outcome: 'delivered' } | { outcome: 'retry' | 'failed'; reason: string };

/** Sends one delivery to SHEETS_WEBHOOK_URL and says how it went; never throws. */
@Injectable()
export class SheetsClient {
  private readonly url: string | undefined;
  private readonly secret: string | undefined;
  private readonly timeoutMs: number;

  constructor(config: ConfigService<Environment, true>) {
    this.url = config.get('SHEETS_WEBHOOK_URL', { infer: true });
    this.secret = config.get('SHEETS_WEBHOOK_SECRET', { infer: true });
    this.timeoutMs = config.get('SHEETS_ATTEMPT_TIMEOUT_MS', { infer: true });
  }

  /** Whether the spreadsheet sync is on (SHEETS_WEBHOOK_URL is set). */
  get enabled(): boolean {
    return this.url !== undefined;
  }

  async send(deliveryId: string, row: SheetRow | SheetErasure): Promise<AttemptResult> {
    if (this.url === undefined) throw new Error('SHEETS_WEBHOOK_URL is not set');
    const body = JSON.stringify(row);
    const url = this.secret ? signedUrl(this.url, this.secret, deliveryId, Math.floor(Date.now() / 1000), body) : this.url;
    try {
      // fetch follows redirects; a 302 or 303 is followed with a GET, which is what the
      // spreadsheet web-scripts expect (they answer the POST with 302 to their result).
      // The timeout bounds the whole attempt: every hop and the answer's body.
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body,
        redirect: 'follow',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const answer = await response.text();
      if (response.ok) {
        // A web-script cannot choose its status code: it answers 200 even when it refuses a
        // request. The example script (docs/sheets-webhook.gs) then answers
        // {"ok": false, "error": …}, with "retry": true when trying again can help.
        const refusal = refusalIn(answer);
        if (refusal === undefined) return { outcome: 'delivered' };
        return { outcome: refusal.retry ? 'retry' : 'failed', reason: `refused by the endpoint: ${refusal.error}` };
      }
      const reason = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      return { outcome: isRetryableStatus(response.status) ? 'retry' : 'failed', reason };
    } catch (error) {
      return { outcome: 'retry', reason: this.describe(error) };
    }
  }

  /**
   * A network error or a timeout, in a few words (never the URL, which may be a secret).
   * Duck-typed: fetch's errors may come from another realm than this module's `Error`.
   */
  private describe(error: unknown): string {
    const { name, cause } = (error ?? {}) as { name?: unknown; cause?: { code?: unknown; message?: unknown } };
    if (name === 'TimeoutError') return `timed out after ${this.timeoutMs} ms`;
    if (typeof cause?.code === 'string') return `network error: ${cause.code}`; // ECONNREFUSED, ENOTFOUND, …
    if (typeof cause?.message === 'string') return `network error: ${cause.message.slice(0, 200)}`;
    return `network error: ${typeof name === 'string' ? name : String(error)}`;
  }
}

/** The refusal in a JSON answer `{"ok": false, "error": …, "retry"?: true}`; undefined for any other answer. */
function refusalIn(answer: string): { error: string; retry: boolean } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { ok, error, retry } = parsed as { ok?: unknown; error?: unknown; retry?: unknown };
  if (ok !== false) return undefined;
  return { error: typeof error === 'string' ? error.slice(0, 200) : 'no reason given', retry: retry === true };
}
