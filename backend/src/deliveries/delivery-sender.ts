/** How one attempt went: 2xx delivered; `retry` when trying again can help, `failed` when it cannot. */
export type AttemptResult =
  { outcome: 'delivered'; status?: number } | { outcome: 'retry' | 'failed'; reason: string; status?: number };

/** A claimed delivery as its sender gets it: everything was decided when it was queued. */
export interface DueDelivery {
  id: string;
  channel: string;
  target: string;
  event: string;
  payload: unknown;
  /** Attempts made before this one. */
  attempts: number;
  createdAt: Date;
}

/**
 * What a feature gives the engine for its channel (DeliveryWorker.register): how to send one
 * delivery, and how many attempts may be in flight at once per target in this process.
 */
export interface DeliverySender {
  channel: string;
  concurrencyPerTarget: number;
  /** Sends once and says how it went; never throws. Stop when `signal` aborts (the attempt's time limit). */
  send(delivery: DueDelivery, signal: AbortSignal): Promise<AttemptResult>;
  /**
   * The payload to keep once the delivery is done (sent, or failed for good), when it must not
   * stay as it was sent (a one-time link); undefined keeps it.
   */
  payloadWhenDone?(delivery: DueDelivery): unknown;
}

/** A network error or a timeout, in a few words (never the URL, which may hold a secret). Duck-typed across realms. */
export function describeNetworkError(error: unknown, timeoutMs: number): string {
  const { name, code, cause } = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    cause?: { code?: unknown; message?: unknown };
  };
  if (name === 'TimeoutError' || name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  if (typeof code === 'string') return `network error: ${code}`;
  if (typeof cause?.code === 'string') return `network error: ${cause.code}`; // ECONNREFUSED, ENOTFOUND, …
  if (typeof cause?.message === 'string') return `network error: ${cause.message.slice(0, 200)}`;
  if (error instanceof Error) return `network error: ${error.message.slice(0, 200)}`;
  return `network error: ${typeof name === 'string' ? name : String(error)}`;
}
