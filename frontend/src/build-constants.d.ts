/** Written in by vite.config.ts (`define`) when the app is built or tested. */
declare const __CONSENT_VERSION__: string;
