import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../api/contact-types';
import { historyText } from '../history-text';

const note = (detail: object) =>
  ({ at: '', actor: 'ann', actorId: null, actorDisplayName: 'Ann', action: 'note', detail }) as HistoryEvent;

const assign = (detail: Record<string, unknown>) =>
  ({
    at: '2026-11-26T08:00:00.000Z',
    actor: null,
    actorId: null,
    actorDisplayName: null,
    action: 'assign',
    detail,
  }) as HistoryEvent;

describe(historyText.name, () => {
  it("shows a note's first characters, its deletion, and the notes from before the thread", () => {
    expect(historyText(note({ noteId: 'n', excerpt: 'Called her.' }))).toBe('Note added: “Called her.”');
    expect(historyText(note({ noteId: 'n', excerpt: 'x'.repeat(100) }))).toBe(`Note added: “${'x'.repeat(100)}…”`);
    expect(historyText(note({ noteId: 'n', excerpt: null }))).toBe('Note added (deleted since)');
    expect(historyText(note({ noteId: 'n', deleted: true, excerpt: null }))).toBe('Note deleted');
    expect(historyText(note({ cleared: false }))).toBe('Note saved');
  });

  it('says why a returning lead arrived assigned', () => {
    expect(historyText(assign({ from: null, to: 'u1', returning: true }), { u1: 'Mia' })).toBe(
      "Assigned to Mia, who has this person's earlier lead",
    );
    expect(historyText(assign({ from: null, to: 'u1' }), { u1: 'Mia' })).toBe('Assigned to Mia');
    expect(historyText(assign({ from: 'u1', to: null }))).toBe('Unassigned');
  });

  it('says which rule routed a lead, or the fallback', () => {
    const routed = {
      ...assign({ from: null, to: 'u1', routing: { rule: 'Partnerships', reason: 'round robin' } }),
      actor: 'routing',
    };
    expect(historyText(routed, { u1: 'Mia' })).toBe('Assigned to Mia by the rule Partnerships, round robin');
    const fallback = { ...routed, detail: { from: null, to: 'u1', routing: { rule: null, reason: 'fewest open leads' } } };
    expect(historyText(fallback, { u1: 'Mia' })).toBe('Assigned to Mia by the fallback, fewest open leads');
  });

  it('says when the status changed because a message was sent', () => {
    const status = (detail: object) => ({ ...note({}), action: 'status', detail }) as HistoryEvent;
    expect(historyText(status({ from: 'new', to: 'contacted', via: 'reply' }))).toBe('Status: New → Contacted (replied)');
    expect(historyText(status({ from: 'new', to: 'contacted' }))).toBe('Status: New → Contacted');
  });

  it('says when a meeting was booked (in local time) or cancelled', () => {
    const meeting = (detail: object) => ({ ...note({}), action: 'meeting', detail }) as HistoryEvent;
    const start = '2030-01-15T14:00:00.000Z';
    expect(historyText(meeting({ status: 'booked', start, provider: 'calcom' }))).toBe(
      `Meeting booked for ${new Date(start).toLocaleString()}`,
    );
    expect(historyText(meeting({ status: 'cancelled', provider: 'calendly' }))).toBe('Meeting cancelled');
  });
});
