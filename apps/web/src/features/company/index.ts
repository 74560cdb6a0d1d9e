// The company feature's front door (docs/architecture.md, "Web app"): its screens.
export * from './screens';
