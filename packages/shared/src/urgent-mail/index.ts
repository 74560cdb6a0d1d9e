export type { UrgentMailSettings } from './contract';
export {
  URGENT_MAIL_MINUTES,
  urgentMailContracts,
  urgentMailDocumentSchema,
  urgentMailSettingsSchema,
} from './contract';
export { urgentMailRoutes } from './routes';
