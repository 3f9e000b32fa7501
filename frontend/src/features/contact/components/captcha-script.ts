import type { CaptchaConfig } from '../api/form-token';

export type CaptchaProvider = CaptchaConfig['provider'];

/** Each provider's script, in explicit mode: the widget is drawn where and when the form says. */
export const CAPTCHA_SCRIPTS: Record<CaptchaProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit',
};

type RenderOptions = {
  sitekey: string;
  callback: (answer: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
};

/** What Turnstile (`window.turnstile`) and hCaptcha (`window.hcaptcha`) both offer. */
export type CaptchaApi = {
  render: (container: HTMLElement, options: RenderOptions) => string;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
};

const GLOBAL_NAMES: Record<CaptchaProvider, string> = { turnstile: 'turnstile', hcaptcha: 'hcaptcha' };
const loading = new Map<CaptchaProvider, Promise<CaptchaApi>>();

/**
 * Adds the provider's script to the page once (only a form that shows a captcha asks) and
 * answers its API once it has run. A script that fails to load may be asked for again.
 */
export function loadCaptchaScript(provider: CaptchaProvider, doc: Document = document): Promise<CaptchaApi> {
  const pending = loading.get(provider);
  if (pending) return pending;
  const loaded = new Promise<CaptchaApi>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = CAPTCHA_SCRIPTS[provider];
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as Record<string, CaptchaApi | undefined>)[GLOBAL_NAMES[provider]];
      if (api) resolve(api);
      else reject(new Error(`${provider}: the script ran without its API`));
    };
    script.onerror = () => reject(new Error(`${provider}: the script did not load`));
    doc.head.append(script);
  });
  loading.set(provider, loaded);
  loaded.catch(() => loading.delete(provider));
  return loaded;
}
