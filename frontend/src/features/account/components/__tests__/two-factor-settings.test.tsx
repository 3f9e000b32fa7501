import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, TEST_ADMIN } from '@/testing/test-utils';
import { TwoFactorSettings } from '../two-factor-settings';

/** The API's answers in turn, and the requests made. */
function answerWith(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const wrongPassword = () => json({ statusCode: 403, error: 'Forbidden', message: 'Wrong password' }, 403);

afterEach(() => vi.unstubAllGlobals());

describe('TwoFactorSettings', () => {
  it('asks for the current password before it sets up, and says when it is wrong', async () => {
    const fetchMock = answerWith(
      wrongPassword(),
      json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' }),
    );
    const { user } = renderApp(<TwoFactorSettings user={TEST_ADMIN} />);

    await user.type(screen.getByLabelText(/Current password/), 'a wrong guess');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByText('The current password is not right.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Current password/));
    await user.type(screen.getByLabelText(/Current password/), 'my password 42');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    // A phone shows its digit pad, and offers the code its authenticator just produced.
    const code = screen.getByLabelText(/Authentication code/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/auth/2fa/setup');
    expect(JSON.parse(init?.body as string)).toEqual({ currentPassword: 'my password 42' });
  });

  it('shows the recovery codes left, and new ones after the password', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `aaaaa-bbb${i}`);
    const fetchMock = answerWith(json({ recoveryCodes: codes }), json({ ...TEST_ADMIN, twoFactor: true, recoveryCodesLeft: 10 }));
    const { user } = renderApp(<TwoFactorSettings user={{ ...TEST_ADMIN, twoFactor: true, recoveryCodesLeft: 3 }} />);
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('3 recovery codes left.');

    const form = screen.getByRole('form', { name: 'New recovery codes' });
    await user.type(form.querySelector('input')!, 'my password 42');
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));

    expect(await screen.findByRole('status')).toHaveTextContent('New recovery codes: the old ones no longer work.');
    expect(screen.getByRole('list', { name: 'Recovery codes' })).toHaveTextContent(codes[0]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/2fa/recovery-codes');
    expect(JSON.parse(init?.body as string)).toEqual({ currentPassword: 'my password 42' });
  });
});
