// The auth feature's front door (docs/architecture.md, "Web app"): who is signed in and with which role.
export { authKeys } from './api';
export { meQuery, roleQuery, useMe, useRole } from './queries';
