// The door of what runs before the app (docs/architecture.md, "Web app"): the sign-in page's second step, offered
// as a loader, and the plain fetchers the sign-in page and the step-up question use. The sign-in page loads first,
// so nothing here pulls in the app's code.
export type { MfaChallenge } from './components/login-mfa-step';
export { fetchSecondFactorOn } from './sign-in-api';

/** The second step after the password (a code, a recovery code, or setting up a required second factor). */
export const loadMfaStep = () => import('./components/login-mfa-step');
