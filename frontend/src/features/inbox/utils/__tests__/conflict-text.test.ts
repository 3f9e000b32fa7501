import { describe, expect, it } from 'vitest';
import type { ContactDetail, SeenLead } from '../../api/contact-types';
import { changedOnlyBy, conflictText } from '../conflict-text';

const seen: SeenLead = { id: 'id-1', version: 1, status: 'new', assigneeId: null, notes: [] };
const event = (action: string, actorDisplayName: string, detail: object, actorId: string | null = null) => ({
  at: '2026-11-21T10:00:00.000Z',
  actor: actorDisplayName.toLowerCase(),
  actorId,
  actorDisplayName,
  action,
  detail,
});
const current = (changes: Partial<ContactDetail>) =>
  ({ ...seen, name: 'Grace Hopper', version: 2, assignee: null, notes: [], history: [], ...changes }) as unknown as ContactDetail;

describe(conflictText.name, () => {
  it('names who changed the status, and to what', () => {
    const now = current({ status: 'contacted', history: [event('status', 'Ann', { from: 'new', to: 'contacted' })] as never });
    expect(conflictText(seen, now)).toBe('Ann changed the status to Contacted while you were editing Grace Hopper.');
  });

  it('names an assignment and a new note together', () => {
    const now = current({
      assigneeId: 'u-2',
      assignee: { id: 'u-2', username: 'ben', displayName: 'Ben' },
      notes: [{ id: 'n-1', authorId: 'u-3', authorDisplayName: 'Cleo', body: 'Hi', createdAt: '' }],
      history: [event('assign', 'Ann', { from: null, to: 'u-2' })] as never,
    });
    expect(conflictText(seen, now)).toBe('Ann assigned it to Ben and Cleo added a note while you were editing Grace Hopper.');
  });

  it('says a teammate changed the lead when nothing it compares differs', () => {
    expect(conflictText({ ...seen, notes: undefined }, current({}))).toBe(
      'A teammate changed this lead while you were editing Grace Hopper.',
    );
  });

  it("tells the user's own changes from a teammate's", () => {
    const byMe = current({
      status: 'contacted',
      history: [event('status', 'Me', { from: 'new', to: 'contacted' }, 'u-me')] as never,
    });
    const byAnn = current({
      status: 'contacted',
      history: [event('status', 'Ann', { from: 'new', to: 'contacted' }, 'u-ann')] as never,
    });
    expect(changedOnlyBy('u-me', seen, byMe)).toBe(true);
    expect(changedOnlyBy('u-me', seen, byAnn)).toBe(false);
    expect(changedOnlyBy(undefined, seen, byMe)).toBe(false);
    // My status change, but a teammate's note came in meanwhile: a conflict.
    const withTheirNote = current({
      status: 'contacted',
      notes: [{ id: 'n-1', authorId: 'u-ann', authorDisplayName: 'Ann', body: 'Hi', createdAt: '' }],
      history: [event('status', 'Me', { from: 'new', to: 'contacted' }, 'u-me')] as never,
    });
    expect(changedOnlyBy('u-me', seen, withTheirNote)).toBe(false);
  });
});
