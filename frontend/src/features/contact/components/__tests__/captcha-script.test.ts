// @vitest-environment jsdom
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CaptchaScriptModule from '../captcha-script';

// Each test starts from a page where no provider's script was asked for yet.
let captchaScript: typeof CaptchaScriptModule;
beforeEach(async () => {
  vi.resetModules();
  captchaScript = await import('../captcha-script');
});

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
});

// The last test's module still holds the loads it asked for, whose scripts are gone: the next
// file on this page (vite.config.ts, isolate: false) gets a module of its own, with none.
afterAll(() => {
  vi.resetModules();
});

const scriptsOnPage = () => [...document.querySelectorAll('script')].map((script) => script.src);

describe('loadCaptchaScript', () => {
  it.each([
    ['turnstile', 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'],
    ['hcaptcha', 'https://js.hcaptcha.com/1/api.js?render=explicit'],
  ] as const)("adds %s's own script, once, and no other provider's", (provider, src) => {
    const first = captchaScript.loadCaptchaScript(provider);
    first.catch(() => undefined);
    expect(captchaScript.loadCaptchaScript(provider)).toBe(first);
    expect(scriptsOnPage()).toEqual([src]);
  });

  it("answers the provider's API once its script has run", async () => {
    const api = { render: vi.fn(), reset: vi.fn(), remove: vi.fn() };
    vi.stubGlobal('hcaptcha', api);
    const loaded = captchaScript.loadCaptchaScript('hcaptcha');
    document.querySelector('script')?.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBe(api);
    vi.unstubAllGlobals();
  });

  it('may be asked again after its script failed to load', async () => {
    const first = captchaScript.loadCaptchaScript('hcaptcha');
    document.querySelector('script')?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/hcaptcha: the script did not load/);
    expect(captchaScript.loadCaptchaScript('hcaptcha')).not.toBe(first);
  });
});
