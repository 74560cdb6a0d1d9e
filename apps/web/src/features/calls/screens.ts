// The feature's screens for the route table (docs/architecture.md, "Web app"): each loads on its own, when its
// route is opened, so this door pulls nothing into the app's first load.

export const loadCallsDashboardPage = () => import('./components/calls-dashboard-page');
export const loadNewCallsPage = () => import('./components/new-calls-page');
export const loadCompletedCallsPage = () => import('./components/completed-calls-page');
export const loadSimpleCallsPage = () => import('./components/simple-calls-page');
