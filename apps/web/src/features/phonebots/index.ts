// The phonebots feature's front door (docs/architecture.md, "Web app"): its screens.
export * from './screens';
// The Calls Dashboard's notice of phonebots that are offline.
export { PhonebotOfflineBanner } from './components/offline-banner';
