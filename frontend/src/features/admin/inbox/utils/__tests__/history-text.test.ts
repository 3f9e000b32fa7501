import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../api/contact-types';
import { historyText } from '../history-text';

const assign = (detail: Record<string, unknown>) =>
  ({
    at: '2026-11-26T08:00:00.000Z',
    actor: null,
    actorId: null,
    actorDisplayName: null,
    action: 'assign',
    detail,
  }) as HistoryEvent;

describe('historyText', () => {
  it('says why a returning lead arrived assigned', () => {
    expect(historyText(assign({ from: null, to: 'u1', returning: true }), { u1: 'Mia' })).toBe(
      "Assigned to Mia, who has this person's earlier lead",
    );
    expect(historyText(assign({ from: null, to: 'u1' }), { u1: 'Mia' })).toBe('Assigned to Mia');
    expect(historyText(assign({ from: 'u1', to: null }))).toBe('Unassigned');
  });
});
