// The company feature's front door (docs/architecture.md, "Web app"): its screens.
export * from './screens';

// The company's SMS templates, which the SMS dialog offers.
export { smsTemplatesQuery } from './sms-templates';

// A company's business hours and phone number country, which the super also edits on a customer's screen.
export { BusinessHoursSection, type SaveBusinessHours } from './components/business-hours-card';
export { CountrySelect } from './components/country-select';
