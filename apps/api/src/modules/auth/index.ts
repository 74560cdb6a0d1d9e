// Auth: signing in with a password (and the known-device marks), signing up, verifying an address, resetting a
// password, confirming a new address, and the one-time links those mails carry.
export { emailChangeNoticeMail, invitationMail } from './auth.mails';
export { requestEmailChange } from './email-change.service';
export { cancelPasswordLinks, issueUserToken, pruneSpentOneTimeTokens } from './one-time-links';
export { resetPageUrl } from './password-reset.service';
