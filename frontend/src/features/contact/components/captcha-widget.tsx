import { useEffect, useRef } from 'react';
import type { CaptchaConfig } from '../api/form-token';
import { loadCaptchaScript } from './captcha-script';
import type { CaptchaApi } from './captcha-script';

export type CaptchaWidgetProps = {
  config: CaptchaConfig;
  /** The provider's answer, or undefined once it expired or failed. */
  onAnswer: (answer: string | undefined) => void;
  /** Changed after each submission: an answer is good for one check only. */
  resetSignal: number;
};

/** The provider's widget, drawn once its script (loaded only for this) has run. */
export function CaptchaWidget({ config, onAnswer, resetSignal }: CaptchaWidgetProps) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: CaptchaApi; id: string } | undefined>(undefined);
  const answer = useRef(onAnswer);

  useEffect(() => {
    answer.current = onAnswer;
  }, [onAnswer]);

  useEffect(() => {
    let cancelled = false;
    loadCaptchaScript(config.provider).then(
      (api) => {
        if (cancelled || !box.current) return;
        const id = api.render(box.current, {
          sitekey: config.siteKey,
          callback: (token) => answer.current(token),
          'expired-callback': () => answer.current(undefined),
          'error-callback': () => answer.current(undefined),
        });
        widget.current = { api, id };
      },
      // The provider could not be reached: the form is sent without an answer, and the API decides.
      () => undefined,
    );
    return () => {
      cancelled = true;
      widget.current?.api.remove(widget.current.id);
      widget.current = undefined;
      answer.current(undefined);
    };
  }, [config.provider, config.siteKey]);

  useEffect(() => {
    if (resetSignal === 0 || !widget.current) return;
    // The used answer goes first: the provider may answer again as soon as it is reset.
    answer.current(undefined);
    widget.current.api.reset(widget.current.id);
  }, [resetSignal]);

  return <div ref={box} className="contact-form__captcha" data-testid="captcha-widget" />;
}
