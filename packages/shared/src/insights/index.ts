export type { CallStatsDocument, CallStatsMeta, CallStatsQuery, CallStatsResource, InsightSplit } from './contract';
export {
  INSIGHTS_MAX_DAYS,
  INSIGHT_SPLITS,
  callStatsAttributesSchema,
  callStatsDocumentSchema,
  callStatsMetaSchema,
  callStatsQuerySchema,
  callStatsResourceSchema,
  insightsContracts,
} from './contract';
export { insightsRoutes } from './routes';
