// The insights feature's front door (docs/architecture.md, "Web app"): its screen and the summary the home dashboard shows.
export * from './screens';

/** The summary of the company's calls beside the home dashboard's counts. */
export const loadInsightsSummary = () => import('./components/insights-summary');
