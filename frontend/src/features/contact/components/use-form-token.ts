import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchFormToken, TOKEN_REFRESH_MS, usableToken } from '../api/form-token';
import type { CaptchaConfig, HeldToken } from '../api/form-token';

/**
 * The form's timing token (how long the visitor took, signed by the API) and the captcha to
 * show. Asked for once the page's code runs, which is after the page has painted (its
 * scripts load then), and again twice a day for a page left open. A failed request leaves
 * the form without a token: the submission goes out all the same.
 */
export function useFormToken(): { captcha: CaptchaConfig | null; currentToken: () => string | undefined } {
  const held = useRef<HeldToken | undefined>(undefined);
  const [captcha, setCaptcha] = useState<CaptchaConfig | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const obtain = () =>
      fetchFormToken(controller.signal).then(
        (answer) => {
          held.current = { token: answer.token, obtainedAt: Date.now() };
          setCaptcha(answer.captcha);
        },
        () => undefined,
      );
    void obtain();
    const timer = setInterval(() => void obtain(), TOKEN_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, []);

  const currentToken = useCallback(() => usableToken(held.current), []);
  return { captcha, currentToken };
}
