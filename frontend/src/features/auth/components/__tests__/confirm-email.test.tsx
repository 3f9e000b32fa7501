import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { ConfirmEmail } from '../confirm-email';

const TOKEN = '6446afcd-bf49-4b0f-8622-69a4e7a0e7ab.secret';
const GONE = '{"statusCode":410,"error":"Gone","message":"This e-mail confirmation link is no longer valid"}';

/** Answers each route with its response (a fresh copy each time). */
function answerWith(routes: Record<string, () => Response>) {
  const fetchMock = vi.fn<typeof fetch>().mockImplementation((url) => Promise.resolve(routes[url as string]()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const preview = () =>
  new Response(JSON.stringify({ username: 'kim', email: 'kim.new@example.com' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const callsTo = (fetchMock: ReturnType<typeof answerWith>, url: string): unknown[] =>
  fetchMock.mock.calls.filter(([called]) => called === url).map(([, init]) => JSON.parse(init?.body as string) as unknown);

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('ConfirmEmail', () => {
  it('names the account and the new address and confirms nothing until its button is pressed', async () => {
    window.location.hash = `#${TOKEN}`;
    const fetchMock = answerWith({
      '/api/auth/email/preview': preview,
      '/api/auth/email/confirm': () => new Response(null, { status: 204 }),
    });

    renderApp(<ConfirmEmail />, { user: null });

    expect(await screen.findByText(/as the e-mail address of the account/)).toHaveTextContent(
      'Confirm kim.new@example.com as the e-mail address of the account kim?',
    );
    expect(callsTo(fetchMock, '/api/auth/email/preview')).toEqual([{ token: TOKEN }]);
    expect(callsTo(fetchMock, '/api/auth/email/confirm')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm the address' }));

    expect(await screen.findByText(/Your e-mail address is changed/)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/email/confirm')).toEqual([{ token: TOKEN }]);
  });

  it('says when the link is no longer valid, without a button', async () => {
    window.location.hash = '#used.token';
    answerWith({ '/api/auth/email/preview': () => new Response(GONE, { status: 410 }) });

    renderApp(<ConfirmEmail />, { user: null });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is no longer valid. Ask for a new one on your account page.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm the address' })).not.toBeInTheDocument();
  });

  it('says so when the link dies between opening and pressing the button', async () => {
    window.location.hash = `#${TOKEN}`;
    answerWith({ '/api/auth/email/preview': preview, '/api/auth/email/confirm': () => new Response(GONE, { status: 410 }) });

    renderApp(<ConfirmEmail />, { user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the address' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This link is no longer valid.');
  });

  it('asks for the link when the page is opened without one', async () => {
    const fetchMock = answerWith({});

    renderApp(<ConfirmEmail />, { user: null });

    expect(await screen.findByRole('alert')).toHaveTextContent('Open this page from the link in the e-mail');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
