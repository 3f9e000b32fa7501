import { describe, expect, it } from 'vitest';
import { readFilters, toApiFilters, toQueryString, trendDays, writeFilters } from '../filters';

const now = new Date(2026, 10, 23, 15, 30); // 23 November 2026, 15:30 local

describe('filters', () => {
  it('round-trips through the URL and drops values the API does not know', () => {
    const filters = readFilters(new URLSearchParams('q=ada&interest=community,bogus&status=spam,nope&range=7'));
    expect(filters).toMatchObject({ q: 'ada', interests: ['community'], statuses: ['spam'], range: '7' });
    expect(writeFilters(filters).toString()).toBe('q=ada&interest=community&status=spam&range=7');
  });

  it('sends a search of two characters or more, and a preset range from local midnight', () => {
    const api = toApiFilters(readFilters(new URLSearchParams('q=a&range=7')), now);
    expect(api.q).toBeUndefined();
    expect(api.from).toBe(new Date(2026, 10, 17).toISOString());
    expect(toApiFilters(readFilters(new URLSearchParams('q= ab ')), now).q).toBe('ab');
  });

  it('takes a custom range as its first day inclusive and the day after its last exclusive', () => {
    const api = toApiFilters(readFilters(new URLSearchParams('range=custom&from=2026-11-01&to=2026-11-10')), now);
    expect(api).toEqual({ from: new Date(2026, 10, 1).toISOString(), to: new Date(2026, 10, 11).toISOString() });
    expect(toQueryString({ q: 'a b', status: 'new,spam' })).toBe('?q=a+b&status=new%2Cspam');
  });

  it('keeps "Assigned to me" and "Unassigned" in the URL and sends them as `assignee`, anything else dropped', () => {
    const mine = readFilters(new URLSearchParams('assignee=me'));
    expect(writeFilters(mine).toString()).toBe('assignee=me');
    expect(toApiFilters(mine, now)).toEqual({ assignee: 'me' });
    expect(toApiFilters(readFilters(new URLSearchParams('assignee=none')), now)).toEqual({ assignee: 'none' });
    expect(readFilters(new URLSearchParams('assignee=someone')).assignee).toBe('');
  });

  it('keeps the Awaiting reply view in the URL and asks the API for conversation=awaiting', () => {
    const awaiting = readFilters(new URLSearchParams('view=awaiting&assignee=me'));
    expect(writeFilters(awaiting).toString()).toBe('view=awaiting&assignee=me');
    expect(toApiFilters(awaiting, now)).toEqual({ assignee: 'me', conversation: 'awaiting' });
  });

  it('keeps the Mine view in the URL and asks the API for assignee=me, one tap instead of the filter panel', () => {
    const mine = readFilters(new URLSearchParams('view=mine&interest=community'));
    expect(writeFilters(mine).toString()).toBe('view=mine&interest=community');
    expect(toApiFilters(mine, now)).toEqual({ interest: 'community', assignee: 'me' });
  });

  it('keeps the Spam view in the URL and lists the held leads in it, whatever status is chosen', () => {
    const spam = readFilters(new URLSearchParams('view=spam&status=new&q=ada'));
    expect(writeFilters(spam).toString()).toBe('view=spam&q=ada&status=new');
    expect(toApiFilters(spam, now)).toEqual({ q: 'ada', status: 'spam' });
    expect(readFilters(new URLSearchParams('view=nowhere')).view).toBe('');
  });

  it('keeps the Overdue and Follow-ups views in the URL and sends them as `response` and `followUp`', () => {
    const overdue = readFilters(new URLSearchParams('response=overdue'));
    expect(writeFilters(overdue).toString()).toBe('response=overdue');
    expect(toApiFilters(overdue, now)).toEqual({ response: 'overdue' });
    const due = readFilters(new URLSearchParams('followUp=due&assignee=me'));
    expect(toApiFilters(due, now)).toEqual({ assignee: 'me', followUp: 'due' });
    expect(readFilters(new URLSearchParams('response=late&followUp=soon'))).toMatchObject({ response: '', followUp: '' });
  });

  it('draws the trend over the chosen range, at least 7 and at most 365 days', () => {
    expect(trendDays(readFilters(new URLSearchParams('')), now)).toBe(30);
    expect(trendDays(readFilters(new URLSearchParams('range=90')), now)).toBe(90);
    expect(trendDays(readFilters(new URLSearchParams('range=custom&from=2026-11-20')), now)).toBe(7);
    expect(trendDays(readFilters(new URLSearchParams('range=custom&from=2026-10-25')), now)).toBe(30);
    expect(trendDays(readFilters(new URLSearchParams('range=custom&from=2020-01-01')), now)).toBe(365);
  });

  it('keeps the meeting filter in the URL and sends it as `meeting`; an unknown value is dropped', () => {
    const upcoming = readFilters(new URLSearchParams('meeting=upcoming'));
    expect(upcoming.meeting).toBe('upcoming');
    expect(writeFilters(upcoming).toString()).toBe('meeting=upcoming');
    expect(toApiFilters(readFilters(new URLSearchParams('meeting=none')))).toEqual({ meeting: 'none' });
    expect(readFilters(new URLSearchParams('meeting=soon')).meeting).toBe('');
  });
});
