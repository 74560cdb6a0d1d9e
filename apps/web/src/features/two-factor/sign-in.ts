// The door of the sign-in page's second step (docs/architecture.md, "Web app"): the sign-in page loads before the
// app, so this door offers the step only as a loader and pulls nothing else into the first load.
export type { MfaChallenge } from './components/login-mfa-step';

/** The second step after the password (a code, a recovery code, or setting up a required second factor). */
export const loadMfaStep = () => import('./components/login-mfa-step');
