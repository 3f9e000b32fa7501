import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { InvitationLink } from '../invitation-link';

const invitation = (inviteUrl: string) => ({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'bea@example.com',
  role: 'member' as const,
  expiresAt: '2030-01-01T00:00:00.000Z',
  inviteUrl,
});

describe('InvitationLink', () => {
  it("shows the API's link from PUBLIC_URL as it is", () => {
    renderApp(<InvitationLink invitation={invitation('https://leads.example.com/admin/invite#abc.def')} />);
    expect(screen.getByLabelText('Invitation link')).toHaveValue('https://leads.example.com/admin/invite#abc.def');
  });

  it("completes a relative link (no PUBLIC_URL) with this page's own origin", () => {
    renderApp(<InvitationLink invitation={invitation('/admin/invite#abc.def')} />);
    expect(screen.getByLabelText('Invitation link')).toHaveValue(`${window.location.origin}/admin/invite#abc.def`);
  });
});
