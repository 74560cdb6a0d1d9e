// The two-factor feature's front door (docs/architecture.md, "Web app"): the profile's card, the reset of a user's
// lost second factor. The sign-in page's second step has a door of its own (sign-in.ts), light enough for the
// sign-in page's first load.
export { TwoFactorCard } from './components/two-factor-card';
export { ResetSecondFactor, useResetSecondFactor } from './components/reset-second-factor';
export * from './sign-in';
