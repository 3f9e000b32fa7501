import { useSyncExternalStore } from 'react';
import { conflictText } from '../utils/conflict-text';
import type { ContactChanges, ContactDetail, SeenLead } from './contact-types';

/** A save refused because a teammate changed the lead since the screen showed it (412). */
export class LeadConflictError extends Error {
  constructor(
    readonly current: ContactDetail,
    readonly seen: SeenLead,
    readonly changes: ContactChanges,
  ) {
    super('This lead was changed while you were editing');
    this.name = 'LeadConflictError';
  }
}

/** A change the API refused because the lead changed since (412): what changed, and the change to apply again. */
export type LeadConflict = { leadId: string; text: string; changes: ContactChanges };

// The conflicts not yet answered, one per lead (the latest): the drawer shows its lead's, the
// dashboard the others'.
let conflicts: readonly LeadConflict[] = [];
const listeners = new Set<() => void>();

function set(next: readonly LeadConflict[]): void {
  conflicts = next;
  for (const listener of listeners) listener();
}

export function reportConflict(error: LeadConflictError): void {
  const conflict = { leadId: error.current.id, text: conflictText(error.seen, error.current), changes: error.changes };
  set([...conflicts.filter((other) => other.leadId !== conflict.leadId), conflict]);
}

export function dismissConflict(leadId: string): void {
  set(conflicts.filter((conflict) => conflict.leadId !== leadId));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE: readonly LeadConflict[] = [];

export function useLeadConflicts(): readonly LeadConflict[] {
  return useSyncExternalStore(
    subscribe,
    () => conflicts,
    () => NONE,
  );
}
