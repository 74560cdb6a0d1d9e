// The calls feature's front door (docs/architecture.md, "Web app"): its screens, the live updates of the signed-in app and the prefetch of a call screen's first answers.
export type { CallScreenProps } from './components/call-list-screen';
export * from './screens';

/** Keeps the call log live in the whole signed-in app (an urgent call alerts on any screen). */
export const loadCallsLiveUpdates = () => import('./components/calls-live-updates');

/** Asks for a call screen's first answers while its code loads. */
export const loadCallListPrefetch = () => import('./prefetch');
