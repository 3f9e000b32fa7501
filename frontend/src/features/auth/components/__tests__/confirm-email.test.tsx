import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { ConfirmEmail } from '../confirm-email';

function answerWith(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('ConfirmEmail', () => {
  it("confirms the link's token from the page's fragment, once, and says the address is changed", async () => {
    window.location.hash = '#6446afcd-bf49-4b0f-8622-69a4e7a0e7ab.secret';
    const fetchMock = answerWith(new Response(null, { status: 204 }));

    renderApp(<ConfirmEmail />, { user: null });

    expect(await screen.findByText(/Your e-mail address is changed/)).toBeInTheDocument();
    const confirms = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/email/confirm');
    expect(confirms).toHaveLength(1);
    expect(JSON.parse(confirms[0][1]?.body as string)).toEqual({ token: '6446afcd-bf49-4b0f-8622-69a4e7a0e7ab.secret' });
  });

  it('says when the link is no longer valid', async () => {
    window.location.hash = '#used.token';
    answerWith(
      new Response('{"statusCode":410,"error":"Gone","message":"This e-mail confirmation link is no longer valid"}', {
        status: 410,
      }),
    );

    renderApp(<ConfirmEmail />, { user: null });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is no longer valid. Ask for a new one on your account page.',
    );
  });

  it('asks for the link when the page is opened without one', async () => {
    const fetchMock = answerWith(new Response(null, { status: 204 }));

    renderApp(<ConfirmEmail />, { user: null });

    expect(await screen.findByRole('alert')).toHaveTextContent('Open this page from the link in the e-mail');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
