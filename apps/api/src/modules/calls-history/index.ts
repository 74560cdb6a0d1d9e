/** The Calls History module's front door: its route, the monthly counts it keeps through the change path. */
export { registerCallsHistoryRoutes } from './calls-history.routes';
export { monthOf, monthlyCountsSubscriber } from './monthly-counts';
export { countsBetween } from './calls-history.service';
