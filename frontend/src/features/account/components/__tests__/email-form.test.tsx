import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, TEST_ADMIN } from '@/testing/test-utils';
import { EmailForm } from '../email-form';

/** The API's answer to the e-mail change, and the requests made. */
function answerWith(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

async function askForChange(user: ReturnType<typeof renderApp>['user'], password = 'my password 42') {
  await user.type(screen.getByLabelText(/New e-mail address/), 'ada.new@example.com');
  await user.type(screen.getByLabelText(/Your password/), password);
  await user.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
}

describe('EmailForm', () => {
  it('sends the new address with the password, and says to check the new inbox (the address changes once confirmed)', async () => {
    const fetchMock = answerWith(new Response(null, { status: 202 }));
    const { user } = renderApp(<EmailForm user={TEST_ADMIN} />);
    expect(screen.getByText('Your e-mails go to admin@example.com.')).toBeInTheDocument();

    await askForChange(user);

    expect(await screen.findByRole('status')).toHaveTextContent(/Check your new inbox/);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/email');
    expect(JSON.parse(init?.body as string)).toEqual({ email: 'ada.new@example.com', currentPassword: 'my password 42' });
  });

  it('says when the password is wrong', async () => {
    answerWith(new Response('{"statusCode":403,"error":"Forbidden","message":"Wrong password"}', { status: 403 }));
    const { user } = renderApp(<EmailForm user={TEST_ADMIN} />);

    await askForChange(user, 'a wrong guess');

    expect(await screen.findByText('The current password is not right.')).toBeInTheDocument();
  });
});
