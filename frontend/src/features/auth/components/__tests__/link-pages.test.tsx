import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { AcceptInvitationForm } from '../accept-invitation-form';
import { PasswordResetPage } from '../password-reset-form';

/** What the browser does when a link of the same page is pasted into the address bar: only the fragment changes. */
function pasteLink(hash: string) {
  act(() => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the pages of e-mailed links', () => {
  it('turns the reset request into the new password form when the link is pasted into the same tab', async () => {
    renderApp(<PasswordResetPage />, { user: null });
    expect(await screen.findByRole('button', { name: 'Send the link' })).toBeInTheDocument();

    pasteLink('#a-reset-token');

    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link' })).not.toBeInTheDocument();
  });

  it('turns the invitation page from "no token" into its form when the link is pasted into the same tab', async () => {
    renderApp(<AcceptInvitationForm />, { user: null });
    expect(screen.queryByRole('textbox', { name: 'Username' })).not.toBeInTheDocument();

    pasteLink('#an-invitation-token');

    expect(await screen.findByRole('textbox', { name: 'Username' })).toBeInTheDocument();
  });
});
