import { Injectable } from '@nestjs/common';

/** Whether this process has been told to stop (SIGTERM) and is draining its connections. */
@Injectable()
export class ShutdownState {
  draining = false;
  private readonly openStreams = new Set<() => void>();

  /**
   * An answer that stays open until its client leaves (an event stream) would hold the
   * drain until it is cut: `end` is called once the API stops listening, so its client
   * reconnects to another replica. Returns the function that forgets it.
   */
  trackStream(end: () => void): () => void {
    this.openStreams.add(end);
    return () => this.openStreams.delete(end);
  }

  /** Ends every open stream (the drain, after the listener closed). */
  endStreams(): void {
    for (const end of [...this.openStreams]) end();
    this.openStreams.clear();
  }
}
