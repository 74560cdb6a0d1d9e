export type { UsageAttributes, UsageDocument, UsageQuery, UsageResource } from './contract';
export {
  USAGE_MONTHS,
  usageAttributesSchema,
  usageContracts,
  usageDocumentSchema,
  usageQuerySchema,
  usageResourceSchema,
} from './contract';
export { usageRoutes } from './routes';
