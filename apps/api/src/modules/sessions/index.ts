// Sessions: the access tokens a sign-in issues, the check of a request's token, ending sessions (one, all of a
// user, those of a disabled account) and My profile's list of them.
export {
  type SessionClient,
  confirmedAt,
  dropTokensOfDisabled,
  endSessionsOf,
  issueAccessToken,
  markConfirmed,
  revokeToken,
  revokeTokensOfDisabled,
  revokeUserTokens,
} from './access-tokens';
export { liveSessionCompanies } from './live-sessions';
export {
  type SessionCache,
  type SessionRow,
  bearerToken,
  principalFromToken,
  principalFromTokenId,
} from './session-check';
export { pruneExpiredSessions } from './session-pruning';
