// Step-up: "Confirm it is you" (the password, or a code of the authenticator app) before a sensitive action. The
// services receive the check (lib/principal.ts `StepUp`) with their deps; app.ts builds it here.
export { STEP_UP_WINDOW_MS, type StepUpDeps, stepUpCheck } from './step-up';
