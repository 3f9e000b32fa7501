import { lazyWithTheme } from '@/components/lazy-with-theme';

/**
 * The sign-in form as a chunk of its own (Formik, Yup, the MUI inputs and its theme), loaded only where
 * nobody is signed in. Every page imports it through here, never the module itself, so it
 * stays one lazy chunk that a prerendered /admin can preload (scripts/prerender.mjs).
 */
export const SignInForm = lazyWithTheme(() => import('./sign-in-form').then((m) => m.SignInForm));
