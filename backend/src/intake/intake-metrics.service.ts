import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { SPAM_REASONS, type SpamReason } from '../leads/spam-reasons.js';
import { METRIC_PREFIX, Metrics } from '../metrics/metrics.service.js';

/**
 * The intake's series: the submissions stored (held as spam or not) and the held ones by spam
 * reason. Counted after the statement's commit, from the rows it answered `stored` (a retry of
 * a stored key, a refused one or a dropped bot is not a lead). Labels are fixed sets: every
 * value starts at 0, so a rate is right from the first lead.
 */
@Injectable()
export class IntakeMetrics {
  private readonly stored: Counter<'held'>;
  private readonly held: Counter<'reason'>;

  constructor(metrics: Metrics) {
    this.stored = new Counter({
      name: `${METRIC_PREFIX}leads_stored_total`,
      help: 'Submissions stored as leads; held="true": held as spam.',
      labelNames: ['held'] as const,
      registers: [metrics.registry],
    });
    this.held = new Counter({
      name: `${METRIC_PREFIX}leads_held_as_spam_total`,
      help: 'Leads held as spam, by spam reason (a lead held for two reasons counts under each).',
      labelNames: ['reason'] as const,
      registers: [metrics.registry],
    });
    for (const held of ['false', 'true']) this.stored.inc({ held }, 0);
    for (const reason of SPAM_REASONS) this.held.inc({ reason }, 0);
  }

  /** One stored submission, with its spam reasons when held (`spamReasonList`: the codes joined by commas). */
  leadStored(heldAsSpam: boolean, spamReasonList: string): void {
    this.stored.inc({ held: String(heldAsSpam) });
    if (!heldAsSpam) return;
    for (const reason of spamReasonList.split(',')) {
      if (SPAM_REASONS.includes(reason as SpamReason)) this.held.inc({ reason });
    }
  }
}
