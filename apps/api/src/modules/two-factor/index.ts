// Two-factor sign-in: the user's authenticator app (secret, codes taken once), recovery codes, the second step of a
// sign-in, the requirement (per company, for the whole deployment) and an administrator's reset.
export { cancelChallenges, issueChallenge, pruneSpentChallenges } from './challenges';
export { acceptStepUpCode } from './codes';
export { endSessionsWithoutSecondFactor, twoFactorRequiredFor } from './requirement';
export { factorsEnabledSince, secondFactorOn, usersWithFactorQuery } from './two-factor.store';
