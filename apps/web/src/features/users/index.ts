// The users feature's front door (docs/architecture.md, "Web app"): how a role is named on the company's screens.
export { usersTranslations } from './locales';
export { roleLabel } from './role-label';
