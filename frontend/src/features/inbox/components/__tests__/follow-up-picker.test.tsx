import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { followUpChoices, followUpOn } from '../../utils/follow-up-choices';
import { FollowUpPicker } from '../follow-up-picker';

const lead = { id: 'id-1', version: 3, status: 'new' as const, assigneeId: null, followUpAt: null };
type Call = { method: string; url: string; body: { followUpAt?: string | null }; ifMatch?: string };
let calls: Call[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const body = JSON.parse((init?.body as string | undefined) ?? '{}') as Call['body'];
      const ifMatch = (init?.headers as Record<string, string> | undefined)?.['If-Match'];
      calls.push({ method: init?.method ?? 'GET', url: input as string, body, ifMatch });
      const answer = { ...lead, ...body, version: 4 };
      return Promise.resolve(new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } }));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe(FollowUpPicker.name, () => {
  it('sets the next working day 09:00 or a chosen date and time through the lead PATCH with If-Match', async () => {
    const { user } = renderApp(<FollowUpPicker lead={lead} />);
    expect(screen.getByTestId('follow-up')).toHaveTextContent('No follow-up set.');
    const choices = followUpChoices();
    // "Tomorrow", or the day's name when a weekend comes between (follow-up-choices.test).
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Today',
      'In 1 hour',
      choices[2].label,
      'Next week',
      'Set date',
    ]);

    await user.click(screen.getByRole('button', { name: choices[2].label }));
    const tomorrow = choices[2].at;
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PATCH',
      url: '/api/admin/contacts/id-1',
      body: { followUpAt: tomorrow.toISOString() },
      ifMatch: '"3"',
    });
    expect(tomorrow.getHours()).toBe(9);

    expect(screen.getByRole('button', { name: 'Set date' })).toBeDisabled();
    await user.type(screen.getByLabelText('On a date'), '2030-12-24');
    await user.click(screen.getByRole('button', { name: 'Set date' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toEqual({ followUpAt: followUpOn('2030-12-24')!.toISOString() });

    await user.type(screen.getByLabelText('On a date'), '2030-12-24');
    await user.type(screen.getByLabelText('At'), '14:30');
    await user.click(screen.getByRole('button', { name: 'Set date' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(new Date(calls[2].body.followUpAt!).getHours()).toBe(14);
    expect(calls[2].body).toEqual({ followUpAt: followUpOn('2030-12-24', '14:30')!.toISOString() });
  });

  it('says when it is due, marks it done, and offers a viewer no change', async () => {
    const set = { ...lead, followUpAt: '2020-01-06T09:00:00.000Z' };
    const { user, unmount } = renderApp(<FollowUpPicker lead={set} />);
    expect(screen.getByTestId('follow-up')).toHaveTextContent(/^Due since /);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ followUpAt: null });
    unmount();

    renderApp(<FollowUpPicker lead={{ ...set, followUpAt: '2099-01-05T09:00:00.000Z' }} />, {
      user: { ...(await import('@/testing/test-utils')).TEST_ADMIN, role: 'viewer' },
    });
    expect(screen.getByTestId('follow-up')).toHaveTextContent(/^Follow up on /);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus in the drawer once the button just used is gone', async () => {
    const set = { ...lead, followUpAt: '2020-01-06T09:00:00.000Z' };
    const { user, rerender } = renderApp(<FollowUpPicker lead={set} />);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    // The cleared lead comes back: its Clear button goes, with the focus it had.
    rerender(<FollowUpPicker lead={{ ...set, followUpAt: null, version: 4 }} />);
    expect(screen.queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
    expect(screen.getByTestId('follow-up')).toHaveTextContent('No follow-up set.');
    expect(screen.getByTestId('follow-up')).toHaveFocus();
  });
});
