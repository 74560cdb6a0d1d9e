export type { PhonebotAlertAttributes } from './contract';
export { OFFLINE_ALERT_MINUTES, phonebotAlertAttributesSchema, phonebotAlertContracts } from './contract';
export { phonebotAlertRoutes } from './routes';
