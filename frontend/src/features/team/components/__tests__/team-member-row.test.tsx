import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import type { TeamMember } from '../../api/team-types';
import { TeamMemberRow } from '../team-member-row';

const MEMBER: TeamMember = {
  id: '00000000-0000-4000-8000-000000000002',
  username: 'mia',
  email: 'mia@example.com',
  displayName: 'Mia Member',
  role: 'member',
  state: 'active',
  lastSignInAt: null,
  twoFactor: true,
  away: false,
  openLeads: 0,
};

afterEach(() => vi.unstubAllGlobals());

describe('TeamMemberRow', () => {
  it('turns off a teammate’s two-factor sign-in', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ ...MEMBER, twoFactor: false })));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderApp(<TeamMemberRow member={MEMBER} lastAdmin={false} isMe={false} onInvited={() => undefined} />);

    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in of Mia Member' }));

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`/api/admin/users/${MEMBER.id}`);
    expect([init?.method, JSON.parse(init?.body as string)]).toEqual(['PATCH', { twoFactor: false }]);
  });

  it('offers it only for a teammate who has it on, and not for oneself', () => {
    const { unmount } = renderApp(
      <TeamMemberRow member={{ ...MEMBER, twoFactor: false }} lastAdmin={false} isMe={false} onInvited={() => undefined} />,
    );
    expect(screen.queryByRole('button', { name: /Turn off two-factor/ })).not.toBeInTheDocument();
    unmount();
    renderApp(<TeamMemberRow member={MEMBER} lastAdmin={false} isMe onInvited={() => undefined} />);
    expect(screen.queryByRole('button', { name: /Turn off two-factor/ })).not.toBeInTheDocument();
  });

  it('asks before disabling, naming the open leads, and hands them to the person picked', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ ...MEMBER, state: 'disabled' })));
    vi.stubGlobal('fetch', fetchMock);
    const people: TeamMember[] = [
      { ...MEMBER, id: '00000000-0000-4000-8000-000000000003', username: 'rob', displayName: 'Rob Robin' },
      { ...MEMBER, id: '00000000-0000-4000-8000-000000000004', username: 'rita', displayName: 'Rita Reed' },
    ];
    const { user } = renderApp(
      <TeamMemberRow
        member={{ ...MEMBER, openLeads: 4 }}
        people={people}
        lastAdmin={false}
        isMe={false}
        onInvited={() => undefined}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Disable Mia Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Mia Member?' });
    expect(dialog).toHaveTextContent('Mia Member owns 4 open leads (new or contacted).');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hand the leads to' }), 'Rita Reed');
    await user.click(screen.getByRole('button', { name: 'Disable' }));

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`/api/admin/users/${MEMBER.id}`);
    expect(JSON.parse(init?.body as string)).toEqual({ disabled: true, handOverTo: people[1].id });
  });

  it('sends them back to routing, or keeps them, as chosen', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ ...MEMBER, state: 'disabled' })));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderApp(
      <TeamMemberRow
        member={{ ...MEMBER, openLeads: 1 }}
        people={[]}
        lastAdmin={false}
        isMe={false}
        onInvited={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Disable Mia Member' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Mia Member owns 1 open lead');
    await user.click(screen.getByRole('radio', { name: 'Keep them with Mia Member' }));
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(JSON.parse(fetchMock.mock.calls[0][1]?.body as string)).toEqual({ disabled: true });
  });
});
