export type { DashboardCounts } from './contract';
export {
  companyProfileDocumentSchema,
  companyProfileResourceSchema,
  dashboardContracts,
  dashboardCountsSchema,
  profileContracts,
} from './contract';
export { dashboardRoutes, profileRoutes } from './routes';
export type { CompanyProfile, CompanyProfileInput } from './schema';
export {
  RETENTION_DAYS_LIMIT,
  SMS_ALLOWED_NUMBERS_MAX,
  companyProfileAttributesSchema,
  companyProfileSchema,
  isValidIban,
  phoneSchema,
  smsAllowedNumbersSchema,
  smsRecipientAllowed,
} from './schema';
