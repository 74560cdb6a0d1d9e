// The users feature's front door (docs/architecture.md, "Web app"): its screens and how a role is named.
export { usersTranslations } from './locales';
export { roleLabel } from './role-label';
export * from './screens';
