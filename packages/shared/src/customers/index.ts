export type { CallCountResource, CustomerResource, GuestResource } from './contract';
export {
  callCountAttributesSchema,
  callCountResourceSchema,
  callsHistoryContracts,
  customerContracts,
  CUSTOMER_SORTS,
  customerListQuerySchema,
  customerResourceSchema,
  guestContracts,
  guestResourceSchema,
} from './contract';
export { callsHistoryRoutes, customerRoutes, guestRoutes } from './routes';
export type { AddGuestInput, CallCountRow, CustomerAttributes, UpdateCustomerInput } from './schema';
export {
  CALLS_MONTH_SCHEMA,
  MONTH_PATTERN,
  addGuestSchema,
  customerAttributesSchema,
  guestAttributesSchema,
  guestPasswordSchema,
  updateCustomerSchema,
} from './schema';
export type { BusinessHours, PhoneCountry, PhoneCountryCode, Weekday } from './business-hours';
export {
  BUSINESS_HOLIDAYS_MAX,
  BUSINESS_INTERVALS_MAX,
  DEFAULT_COUNTRY,
  PHONE_COUNTRIES,
  WEEKDAYS,
  businessHoursAttributesSchema,
  businessHoursSchema,
  canonicalTimeZone,
  defaultCountrySchema,
  isCalendarDay,
  minutesOfTime,
  parseBusinessHours,
} from './business-hours';
export type { SmsEncoding, SmsParts } from './sms-parts';
export { smsParts } from './sms-parts';
export type { SmsTemplate, SmsTemplatesAttributes } from './sms-templates';
export {
  DEFAULT_SMS_TEMPLATE,
  SMS_PLACEHOLDERS,
  SMS_TEMPLATES_MAX,
  SMS_TEMPLATE_NAME_MAX,
  SMS_TEMPLATE_TEXT_MAX,
  type SmsPlaceholder,
  fillSmsTemplate,
} from './sms-template-values';
export { smsTemplateRoutes } from './sms-template-routes';
export {
  smsTemplateContracts,
  smsTemplateSchema,
  smsTemplatesAttributesSchema,
  smsTemplatesSchema,
} from './sms-templates';
