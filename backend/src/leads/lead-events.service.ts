import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Actor } from '../audit/audit.service.js';
import type { ContactSubmission } from './contact-submission.entity.js';

/** A lead arriving through the public form, as the channels' intake parts read it before it is stored. */
export interface ArrivingLead {
  id: string;
  name: string;
  email: string;
  linkedin?: string | null;
  company?: string | null;
  interest: string;
  comments?: string | null;
  /** A lead held as spam sends nothing until it is released (LeadEvents.created then). */
  heldAsSpam: boolean;
  /** The client's public /24 or /64 (publicNetwork), null for the site's own network: the auto-reply's limit per network. */
  network?: string | null;
  /** The visitor's booking link as the form's answer gave it (src/booking/), for the auto-reply's `{bookingUrl}`. */
  bookingUrl?: string | null;
}

/** A message of a lead's conversation, stored (sent by a teammate, or written by the lead): ids only, never its text. */
export interface LeadMessageEvent {
  leadId: string;
  messageId: string;
  direction: 'in' | 'out';
  /** An automatic incoming message (auto-reply, bounce, list mail): the dashboards hear it, nobody is notified. */
  automatic: boolean;
  /** The lead is held as spam: only the dashboards hear it. */
  heldAsSpam: boolean;
  /**
   * The lead changed with the message (its new version, in the same transaction): each channel
   * announces that change as `updated` would, from its `message` (a channel without one gets
   * `updated`), so that it can tell both at once. Absent: the caller tells `updated` itself.
   */
  changed?: ChangedLead;
}

/** A per-request column of the intake's statement, computed before it (`inputs`). */
export interface IntakeColumn {
  field: string;
  column: string;
  type: string;
}

/**
 * A channel's part of the intake's one statement (docs/decisions/005): a CTE body, usually
 * `INSERT INTO deliveries … SELECT … FROM stored s` (queueDeliveriesSql), over `stored` (the
 * submissions just stored and not held as spam, rows of contact_submissions) and `passed`
 * (their requests, with the part's `columns`, joined on `passed.id = s.id`). `parameter`
 * gives the placeholder of a value read once per batch (a setting).
 */
export interface IntakePart {
  sql(parameter: (value: () => unknown, type: string) => string): string;
  /** Per-request columns the part reads from `passed`, and their values for one lead (NULL when absent). */
  columns?: readonly IntakeColumn[];
  inputs?(lead: ArrivingLead): Record<string, unknown>;
}

/**
 * What the updated or overdue lead's subscribers receive: the lead as
 * `GET /api/admin/contacts/:id` answers it, without its history (withoutHistory, LeadDetail).
 */
export interface DetailedLead {
  id: string;
  heldAsSpam: boolean;
  [field: string]: unknown;
}

/**
 * A lead that changed: its id, and its detail as `DetailedLead` says, built only when a
 * channel asks for it (once: every caller gets the same), so that a change nobody's webhook
 * takes costs no detail (a lead's incoming message, hundreds a second).
 */
export interface ChangedLead {
  id: string;
  detail(): Promise<DetailedLead>;
}

/**
 * A channel that hears what happens to a lead (the spreadsheet, webhooks, the team's e-mail,
 * the auto-reply, the dashboards' live events): each registers itself from its module's
 * onModuleInit, and queues its own work in the caller's transaction. Every method is
 * optional; those that queue deliveries say how many (the caller nudges the DeliveryWorker
 * once the transaction committed).
 */
export interface LeadChannel {
  name: string;
  /** A lead arrives through the form: a part of the intake's one statement. */
  intake?: IntakePart;
  /**
   * After the intake's statement, in its transaction, for the stored leads not held as spam:
   * what cannot be that statement's part. The intake opens a transaction only while some
   * channel's `active()` is true.
   */
  afterIntake?: { active(): boolean; queue(manager: EntityManager, leads: ArrivingLead[]): Promise<unknown> };
  /** A lead held as spam is released: what its arrival would have sent goes out now. */
  created?(manager: EntityManager, lead: ContactSubmission): Promise<number | void>;
  /** A lead changed (status, assignee, follow-up, notes), after its new version. */
  updated?(manager: EntityManager, lead: ChangedLead): Promise<number | void>;
  /** Someone gave leads to a teammate, one or several at once (a bulk action; none held as spam). */
  assigned?(manager: EntityManager, leads: ContactSubmission[], assigneeId: string, actor: Actor): Promise<number | void>;
  /** The lead is still new past its response-time target (once per lead, from the response-time scan). */
  overdue?(manager: EntityManager, lead: DetailedLead): Promise<number | void>;
  /**
   * A message of the lead's conversation was stored (src/conversation/); with `changed`, the
   * lead changed with it: the channel announces that as `updated` would (LeadMessageEvent).
   */
  message?(manager: EntityManager, message: LeadMessageEvent): Promise<number | void>;
  /**
   * Someone asked for the lead's copy again ("Send again" of the spreadsheet copy): `enabled()`
   * says whether the channel sends at all; `queue` queues the copy with the lead's fields as
   * they are now, also after it failed or was delivered.
   */
  resend?: { enabled(): boolean; queue(manager: EntityManager, leadId: string): Promise<void> };
  /** Leads were erased (their rows and deliveries are gone: only the ids are left). */
  erased?(manager: EntityManager, ids: string[]): Promise<number | void>;
}

/** The channels' intake parts as one piece of the intake's statement. */
export interface AssembledIntake {
  /** `name AS (…)` for each part, comma-separated (empty without parts), to follow the statement's other CTEs. */
  ctes: string;
  /** The parts' per-request columns. */
  columns: IntakeColumn[];
  /** How many placeholders the parts took, from `firstParameter` on. */
  parameterCount: number;
  /** The values of the parts' parameters, in their placeholders' order (read per batch). */
  parameters(): unknown[];
  /** One lead's values of `columns`. */
  inputs(lead: ArrivingLead): Record<string, unknown>;
}

/**
 * The lead's events and their subscribers: intake, triage, spam release, erasure and the
 * response-time scan tell it what happened to a lead; it tells every registered channel, in
 * the caller's transaction. None of the callers knows the channels, nor the channels one
 * another (but for `resend`, which names the channel whose copy is asked for).
 */
@Injectable()
export class LeadEvents {
  private readonly channels: LeadChannel[] = [];

  /** A channel subscribes (from its module's onModuleInit, before the app serves). */
  register(channel: LeadChannel): void {
    this.channels.push(channel);
  }

  /**
   * The channels' parts of the intake statement, their placeholders numbered from
   * `firstParameter`. Call once the modules are initialised (the statement is built then).
   */
  intake(firstParameter: number): AssembledIntake {
    const values: Array<() => unknown> = [];
    const parameter = (value: () => unknown, type: string) => `$${firstParameter + values.push(value) - 1}::${type}`;
    const parts = this.channels.filter((channel) => channel.intake);
    const ctes = parts.map((channel) => `queued_${channel.name.replace(/\W/g, '_')} AS (${channel.intake!.sql(parameter)})`);
    return {
      ctes: ctes.join(', '),
      columns: parts.flatMap((channel) => channel.intake!.columns ?? []),
      parameterCount: values.length,
      parameters: () => values.map((value) => value()),
      inputs: (lead) => Object.assign({}, ...parts.map((channel) => channel.intake!.inputs?.(lead))) as Record<string, unknown>,
    };
  }

  /** Whether the intake's statement must run in a transaction with work after it (afterIntake). */
  intakeNeedsTransaction(): boolean {
    return this.channels.some((channel) => channel.afterIntake?.active());
  }

  /** In the intake's transaction, after its statement: the stored leads not held as spam. */
  async afterIntake(manager: EntityManager, leads: ArrivingLead[]): Promise<void> {
    for (const channel of this.channels) if (channel.afterIntake?.active()) await channel.afterIntake.queue(manager, leads);
  }

  /** A held lead was released: its arrival's deliveries, now. How many were queued. */
  created(manager: EntityManager, lead: ContactSubmission): Promise<number> {
    return this.tell((channel) => channel.created?.(manager, lead));
  }

  /** A lead changed. How many deliveries were queued. */
  updated(manager: EntityManager, lead: ChangedLead): Promise<number> {
    return this.tell((channel) => channel.updated?.(manager, lead));
  }

  /** Someone gave the leads (one action's) to `assigneeId`. How many deliveries were queued. */
  assigned(manager: EntityManager, leads: ContactSubmission[], assigneeId: string, actor: Actor): Promise<number> {
    return this.tell((channel) => channel.assigned?.(manager, leads, assigneeId, actor));
  }

  /** The lead is overdue. How many deliveries were queued. */
  overdue(manager: EntityManager, lead: DetailedLead): Promise<number> {
    return this.tell((channel) => channel.overdue?.(manager, lead));
  }

  /** A message of the lead's conversation was stored (and the lead changed, with `changed`). How many deliveries were queued. */
  message(manager: EntityManager, message: LeadMessageEvent): Promise<number> {
    return this.tell((channel) =>
      channel.message ? channel.message(manager, message) : message.changed && channel.updated?.(manager, message.changed),
    );
  }

  /** Whether the channel named `name` can send a lead's copy again now (it is registered for it, and on). */
  resends(name: string): boolean {
    return this.channels.some((channel) => channel.name === name && channel.resend?.enabled());
  }

  /** Queues the copy of the channel named `name` (see `resends`) of the lead again, in the caller's transaction. */
  async resend(manager: EntityManager, name: string, leadId: string): Promise<void> {
    for (const channel of this.channels) if (channel.name === name) await channel.resend?.queue(manager, leadId);
  }

  /** Leads were erased. How many deliveries were queued. */
  erased(manager: EntityManager, ids: string[]): Promise<number> {
    return this.tell((channel) => channel.erased?.(manager, ids));
  }

  // One channel after another: a transaction's client runs one query at a time.
  private async tell(call: (channel: LeadChannel) => Promise<number | void> | undefined): Promise<number> {
    let queued = 0;
    for (const channel of this.channels) queued += (await call(channel)) ?? 0;
    return queued;
  }
}
