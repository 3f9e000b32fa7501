import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, TEST_ADMIN } from '@/testing/test-utils';
import { ProfileForm } from '../profile-form';

afterEach(() => vi.unstubAllGlobals());

describe(ProfileForm.name, () => {
  it('offers a choice per kind of e-mail and saves them all', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(TEST_ADMIN)));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderApp(<ProfileForm user={TEST_ADMIN} />);

    const newLeads = screen.getByRole('combobox', { name: 'E-mail me new leads' });
    expect(newLeads).toHaveValue('mine');
    expect([...(newLeads as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Every new lead, at once',
      'Mine and the unassigned ones, at once',
      'Once a day, a digest',
      'Never',
    ]);
    await user.selectOptions(newLeads, 'Every new lead, at once');
    await user.click(screen.getByRole('checkbox', { name: /replies/ }));
    await user.click(screen.getByRole('checkbox', { name: /waits past the response target/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect([url, init?.method]).toEqual(['/api/auth/me', 'PATCH']);
    expect((JSON.parse(init?.body as string) as { notifications: unknown }).notifications).toEqual({
      newLead: 'all',
      assigned: true,
      replies: 'off',
      escalations: false,
      followUps: true,
    });
  });

  it('says when the account has no e-mail address, and shows its e-mail choices as not in effect', () => {
    renderApp(<ProfileForm user={{ ...TEST_ADMIN, email: null }} />);

    expect(screen.getByTestId('no-email-address')).toHaveTextContent('Your account has no e-mail address');
    expect(screen.getByLabelText('E-mail me new leads')).toHaveAccessibleDescription(
      'Not in effect: your account has no e-mail address.',
    );
    expect(screen.getByRole('checkbox', { name: /assigned to me \(not in effect: no e-mail address\)/ })).toBeInTheDocument();
  });

  it('says nothing of the kind when it has one', () => {
    renderApp(<ProfileForm user={TEST_ADMIN} />);

    expect(screen.queryByTestId('no-email-address')).not.toBeInTheDocument();
    expect(screen.queryByText(/Not in effect/)).not.toBeInTheDocument();
  });
});
