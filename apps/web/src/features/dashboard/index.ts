// The dashboard feature's front door (docs/architecture.md, "Web app"): its screen and its query keys (screens whose changes show in its counts refresh them).
export { dashboardKeys } from './keys';
export * from './screens';
