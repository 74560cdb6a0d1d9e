// The auth feature's front door (docs/architecture.md, "Web app"): who is signed in and with which role, signing out, the step-up question, and the sign-in pages.
export { authKeys, saveLanguage } from './api';
export { ReauthDialog } from './components/reauth-dialog';
export { meQuery, roleQuery, useMe, useRole } from './queries';
export * from './screens';
export * from './sign-in';
export { useLogout } from './use-logout';
