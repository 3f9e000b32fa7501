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
});
