export type { PhonebotVersionAttributes, PhonebotVersionChange, PhonebotVersionDetail } from './contract';
export {
  GUEST_VERSION_FIELDS,
  phonebotVersionAttributesSchema,
  phonebotVersionContracts,
  phonebotVersionDetailAttributesSchema,
} from './contract';
export { type LineDiff, lineDiff } from './diff';
export { phonebotVersionRoutes } from './routes';
