import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCT_NAME } from '@/config/brand';
import { closeToasts } from '@/testing/close-toasts';
import { renderApp } from '@/testing/test-utils';
import { CONSENT_NOTICE } from '../../consent-notice';
import { CONSENT_VERSION } from '../../consent-version';
import { ContactForm } from '../contact-form';

const SUCCESS_MESSAGE = "Thank you for your submission! We'll be in touch soon.";

type Deferred = { resolve: (response: Response) => void; promise: Promise<Response> };

function deferred(): Deferred {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { resolve, promise };
}

const FORM_TOKEN = 'mfx1.signed-time';

/** The API's answer to the form's token request (no captcha set up). */
function formToken() {
  return new Response(JSON.stringify({ token: FORM_TOKEN, captcha: null }), { status: 200 });
}

/** The submissions the form sent (the token request aside). */
function posts(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
}

/** Answers the form's requests in order: its token request first, then each submission. */
function stubFetch(...answers: (Response | Promise<Response>)[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const answer of answers) fetchMock.mockImplementationOnce(() => Promise.resolve(answer));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function created() {
  return new Response(JSON.stringify({ message: SUCCESS_MESSAGE, id: 'a1' }), { status: 201 });
}

async function fillValidForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText(/Full Name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/Email Address/), 'ada@example.com');
  await user.type(screen.getByLabelText(/LinkedIn Profile/), 'https://www.linkedin.com/in/ada');
  await user.type(screen.getByLabelText(/Company/), 'Analytical Engines');
  await user.selectOptions(screen.getByLabelText(/I'm interested in\.\.\./), 'partnership');
  await user.type(screen.getByLabelText(/Tell us more about your goals/), 'Hire faster.');
}

// The toaster is a lazy chunk; compiling it on first use can outlast a query's timeout on
// a busy machine, so it is compiled once before the tests.
beforeAll(async () => {
  await import('@/components/toast/toaster');
});

// The toaster outlives each test's render: a test leaves no toast behind for the next one.
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await closeToasts();
});

/**
 * What a visitor sees once the form is sent: the thank-you panel and the success toast. The
 * toast comes a moment after the panel (its module is loaded first): a test that ended on the
 * panel alone could close the toasts before it came, and leave it to the next test.
 */
async function expectThanks(): Promise<void> {
  expect(await screen.findByRole('heading', { name: 'Thank You!' }, { timeout: 5000 })).toBeInTheDocument();
  expect(await screen.findByText('Success! 🎉', {}, { timeout: 5000 })).toBeInTheDocument();
}

describe(ContactForm.name, () => {
  it('shows the fields, placeholder, options, button and consent note of the spec', () => {
    renderApp(<ContactForm />);
    expect(screen.getByLabelText(/Full Name/)).toBeRequired();
    expect(screen.getByLabelText(/Email Address/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/LinkedIn Profile/)).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText(/Company/)).not.toBeRequired();
    const select = screen.getByLabelText(/I'm interested in\.\.\./);
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose your primary interest',
      'Empower Recruiting Team',
      'Partnership Opportunities',
    ]);
    expect(screen.getByLabelText(/Tell us more about your goals/)).toHaveAttribute('rows', '4');
    expect(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` })).toBeEnabled();
    expect(screen.getByText(/agree to receive communications/)).toBeInTheDocument();
    expect(screen.getByText(/never share your information with third parties/)).toBeInTheDocument();
    // The notice is the very text whose hash the form sends as its consent version.
    expect(screen.getByText(CONSENT_NOTICE)).toBeInTheDocument();
  });

  it('shows the validation messages under the fields, tied to them, and sends nothing', async () => {
    const fetchMock = stubFetch(formToken());
    const { user } = renderApp(<ContactForm />);
    await user.type(screen.getByLabelText(/LinkedIn Profile/), 'not a url');
    await user.click(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }));

    const name = screen.getByLabelText(/Full Name/);
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(screen.getByLabelText(/Email Address/)).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText(/LinkedIn Profile/)).toHaveAccessibleDescription('Please enter a valid LinkedIn URL');
    expect(screen.getByLabelText(/I'm interested in/)).toHaveAccessibleDescription('Please select your primary interest');
    await waitFor(() => expect(name).toHaveFocus());
    expect(posts(fetchMock)).toEqual([]);
  });

  it('is pending while the request runs, then thanks, then returns the form reset', async () => {
    const answer = deferred();
    const fetchMock = stubFetch(formToken(), answer.promise);
    const { user } = renderApp(<ContactForm thankYouDurationMs={2000} />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }));

    const pending = await screen.findByRole('button', { name: /Submitting\.\.\./ });
    expect(pending).toBeDisabled();
    expect(within(pending).getByRole('progressbar', { hidden: true })).toBeInTheDocument();
    expect(screen.getByLabelText(/Full Name/)).toBeDisabled();

    const [[url, init]] = posts(fetchMock) as [[string, RequestInit]];
    expect(url).toBe('/api/contact');
    expect(JSON.parse(init?.body as string)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      linkedin: 'https://www.linkedin.com/in/ada',
      company: 'Analytical Engines',
      interest: 'partnership',
      comments: 'Hire faster.',
      consentVersion: CONSENT_VERSION,
      formToken: FORM_TOKEN,
    });

    await act(async () => {
      answer.resolve(created());
      await answer.promise;
    });
    expect(await screen.findByRole('heading', { name: 'Thank You!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("We've received your submission and will be in touch soon.")).toBeInTheDocument();
    expect(screen.queryByLabelText(/Full Name/)).not.toBeInTheDocument();
    expect(await screen.findByText('Success! 🎉', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(SUCCESS_MESSAGE)).toBeInTheDocument();

    expect(await screen.findByLabelText(/Full Name/, {}, { timeout: 5000 })).toHaveValue('');
    expect(screen.getByLabelText(/Email Address/)).toHaveValue('');
    expect(screen.queryByText('Thank You!')).not.toBeInTheDocument();
  });

  it('keeps the thank-you panel for 3000 ms', async () => {
    stubFetch(formToken(), created());
    const { user } = renderApp(<ContactForm />);
    await fillValidForm(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }));
    await screen.findByText('Thank You!');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2900);
    });
    expect(screen.getByText('Thank You!')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.queryByText('Thank You!')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` })).toBeEnabled();
  });

  it('keeps the typed values and shows the failure toast when the server refuses', async () => {
    stubFetch(formToken(), new Response('{"statusCode":429,"message":"Too Many Requests"}', { status: 429 }));
    const { user } = renderApp(<ContactForm />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }));

    const toast = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(toast).getByText('Submission Failed')).toBeInTheDocument();
    expect(within(toast).getByText('429: Too Many Requests')).toBeInTheDocument();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText(/Tell us more about your goals/)).toHaveValue('Hire faster.');
    expect(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` })).toBeEnabled();
  });

  it("shows the API's refusal of a field under that field, as well as in the failure toast", async () => {
    const refusal = { statusCode: 400, error: 'Bad Request', message: ['Please enter a valid email address'] };
    stubFetch(formToken(), new Response(JSON.stringify(refusal), { status: 400 }));
    const { user } = renderApp(<ContactForm />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }));

    const toast = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(toast).getByText('Submission Failed')).toBeInTheDocument();
    const email = screen.getByLabelText(/Email Address/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText(/Full Name/)).toHaveAttribute('aria-invalid', 'false');

    // Typing in the field again checks it anew: the server's word goes with the old value.
    await user.clear(email);
    await user.type(email, 'ada@example.org');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'false'));
  });

  it('uses the fallback description when the failure has no message', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new Error(''));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderApp(<ContactForm />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }));
    expect(
      await screen.findByText("We're experiencing technical difficulties. Please try again later.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('asks for its timing token once its code runs, and sends it with the submission', async () => {
    const fetchMock = stubFetch(formToken(), created());
    const { user } = renderApp(<ContactForm />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/contact/token', expect.anything()));
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }));

    await expectThanks();
    const [[, init]] = posts(fetchMock) as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toMatchObject({ formToken: FORM_TOKEN });
    expect(document.querySelector('script[src*="turnstile"], script[src*="hcaptcha"]')).toBeNull();
    expect(screen.queryByTestId('captcha-widget')).not.toBeInTheDocument();
  });

  it('is sent without a token when the token could not be had', async () => {
    const fetchMock = stubFetch(new Response('{"message":"busy"}', { status: 503 }), created());
    const { user } = renderApp(<ContactForm />);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }));

    await expectThanks();
    const [[, init]] = posts(fetchMock) as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).not.toHaveProperty('formToken');
  });

  it("shows the configured captcha above the button and sends the provider's answer", async () => {
    const render = vi.fn((container: HTMLElement, options: { sitekey: string; callback: (answer: string) => void }) => {
      container.textContent = `widget for ${options.sitekey}`;
      options.callback('provider-answer');
      return 'w1';
    });
    vi.stubGlobal('turnstile', { render, reset: vi.fn(), remove: vi.fn() });
    const captcha = { provider: 'turnstile', siteKey: 'site-key-1' };
    const fetchMock = stubFetch(new Response(JSON.stringify({ token: FORM_TOKEN, captcha }), { status: 200 }), created());
    const { user } = renderApp(<ContactForm />);
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>('script[src*="challenges.cloudflare.com"]');
      expect(found).not.toBeNull();
      return found as HTMLScriptElement;
    });
    // No network here: the provider's script is taken as loaded, its API stubbed above.
    act(() => {
      script.dispatchEvent(new Event('load'));
    });
    const widget = await screen.findByText('widget for site-key-1');
    expect(widget.compareDocumentPosition(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }));
    await expectThanks();
    const [[, init]] = posts(fetchMock) as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toMatchObject({ formToken: FORM_TOKEN, captchaToken: 'provider-answer' });
    script.remove();
  });

  it('asks the captcha for a new answer after a failed attempt, and sends that one next', async () => {
    let answers = 0;
    let answer: (token: string) => void = () => undefined;
    const reset = vi.fn(() => {
      answers += 1;
      answer(`answer-${answers}`);
    });
    vi.stubGlobal('hcaptcha', {
      render: (container: HTMLElement, options: { callback: (token: string) => void }) => {
        answer = options.callback;
        container.textContent = 'hCaptcha';
        answer('answer-0');
        return 'h1';
      },
      reset,
      remove: vi.fn(),
    });
    const captcha = { provider: 'hcaptcha', siteKey: 'site-key-2' };
    const fetchMock = stubFetch(
      new Response(JSON.stringify({ token: FORM_TOKEN, captcha }), { status: 200 }),
      new Response('{"message":"busy"}', { status: 400 }),
      created(),
    );
    const { user } = renderApp(<ContactForm />);
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>('script[src="https://js.hcaptcha.com/1/api.js?render=explicit"]');
      expect(found).not.toBeNull();
      return found as HTMLScriptElement;
    });
    act(() => {
      script.dispatchEvent(new Event('load'));
    });
    await screen.findByText('hCaptcha');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }));
    await screen.findByText('400: busy', {}, { timeout: 5000 });
    await waitFor(() => expect(reset).toHaveBeenCalledWith('h1'));
    // One toast at a time: the failure's goes before the next attempt.
    await closeToasts();
    await user.click(screen.getByRole('button', { name: `Connect with ${PRODUCT_NAME}` }));
    await expectThanks();

    const sent = posts(fetchMock).map(([, init]) => JSON.parse(init?.body as string) as { captchaToken?: string });
    expect(sent.map((body) => body.captchaToken)).toEqual(['answer-0', 'answer-1']);
    script.remove();
  });

  it('hides the honeypot from people and assistive technology', () => {
    renderApp(<ContactForm />);
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
  });
});
