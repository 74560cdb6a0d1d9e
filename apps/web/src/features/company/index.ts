// The company feature's front door (docs/architecture.md, "Web app"): its screens.
export * from './screens';

// The company's SMS templates, which the SMS dialog offers.
export { smsTemplatesQuery } from './sms-templates';
