// The caller rights' front door (docs/architecture.md, "Web app"): a caller's export and erasure, shown where
// their calls are.
export { CallerRightsActions } from './components/caller-rights-actions';
