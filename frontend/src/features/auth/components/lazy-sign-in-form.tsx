import { lazy } from 'react';

/**
 * The sign-in form as a chunk of its own (Formik, Yup, the MUI inputs), loaded only where
 * nobody is signed in. Every page imports it through here, never the module itself, so it
 * stays one lazy chunk that a prerendered /admin can preload (scripts/prerender.mjs).
 */
export const SignInForm = lazy(() => import('./sign-in-form').then((m) => ({ default: m.SignInForm })));
