import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { SignInForm } from '../sign-in-form';

/** The API's answer to the sign-in: a throttled one carries how long to wait. */
function answerSignIn(response: Response) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(response));
}

afterEach(() => vi.unstubAllGlobals());

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText(/Username/), 'admin');
  await user.type(screen.getByLabelText(/^Password/), 'a wrong guess');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInForm', () => {
  it("says how long the lock lasts, from the API's Retry-After", async () => {
    answerSignIn(
      new Response('{"statusCode":429,"error":"Too Many Requests","message":"Too many sign-in attempts"}', {
        status: 429,
        headers: { 'Retry-After': '900' },
      }),
    );
    const { user } = renderApp(<SignInForm />, { user: null });
    await signIn(user);
    expect(await screen.findByText('Too many sign-in attempts. Please wait 15 minutes and try again.')).toBeInTheDocument();
  });

  it('says "a moment" when the API gives no Retry-After', async () => {
    answerSignIn(new Response('{"statusCode":429,"message":"Too Many Requests"}', { status: 429 }));
    const { user } = renderApp(<SignInForm />, { user: null });
    await signIn(user);
    expect(await screen.findByText('Too many sign-in attempts. Please wait a moment and try again.')).toBeInTheDocument();
  });

  it('names a wrong password or an unknown user alike', async () => {
    answerSignIn(new Response('{"statusCode":401,"message":"Unauthorized"}', { status: 401 }));
    const { user } = renderApp(<SignInForm />, { user: null });
    await signIn(user);
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
  });

  it('asks for the authentication code after the right password, and sends it with the password', async () => {
    const twoFactor = () =>
      new Response('{"statusCode":401,"error":"Unauthorized","message":"Two-factor code required"}', { status: 401 });
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(twoFactor())
      .mockResolvedValueOnce(twoFactor())
      .mockResolvedValue(new Response('{"statusCode":401,"message":"Unauthorized"}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderApp(<SignInForm />, { user: null });
    await signIn(user);

    const code = await screen.findByLabelText(/Authentication code/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument();
    expect(JSON.parse(fetchMock.mock.calls[1][1]!.body as string)).toEqual({
      username: 'admin',
      password: 'a wrong guess',
      code: '123456',
      // The browser's zone: the account takes it while it never chose one.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(JSON.parse(fetchMock.mock.calls[2][1]!.body as string)).toMatchObject({ recoveryCode: 'abcde-fghij' });
  });
});
