/** The Insights module's front door: its route, the counts it keeps through the change path, and what erasure asks. */
export { registerInsightsRoutes } from './insights.routes';
export { rollupsSubscriber } from './rollups.subscriber';
export { callerCounted } from './rollups';
