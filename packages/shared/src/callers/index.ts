export type {
  CallerDataCounts,
  CallerExportDocument,
  CallerResource,
  CallerTimelineDocument,
  TimelineCall,
} from './contract';
export {
  TIMELINE_PAGE_SIZE,
  callerAttributesSchema,
  callerDataCountsSchema,
  callerExportDocumentSchema,
  callerNumberParamsSchema,
  callerResourceSchema,
  callerRightsContracts,
  callerTimelineContracts,
  callerTimelineDocumentSchema,
  callerTimelineQuerySchema,
  timelineCallAttributesSchema,
  timelineCallResourceSchema,
} from './contract';
export { callerRightsRoutes, callerTimelineRoutes } from './routes';
