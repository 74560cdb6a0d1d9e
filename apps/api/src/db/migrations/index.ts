import type { Migration } from 'kysely';
import * as accounts from './20261121211641-accounts';
import * as phonebotsAndCalls from './20261121212939-phonebots-and-calls';
import * as callFollowUp from './20261121213614-call-follow-up';
import * as billing from './20261121214719-billing';
import * as settings from './20261124081729-settings';
import * as tokenRevocation from './20261124081730-token-revocation';
import * as mailOutbox from './20261124085619-mail-outbox';
import * as callPreview from './20261124085620-call-preview';
import * as smsGuard from './20261124085621-sms-guard';
import * as emailChange from './20261124085622-email-change';
import * as callEvents from './20261124103433-call-events';
import * as urgentCallMail from './20261124104240-urgent-call-mail';
import * as userLanguage from './20261124112425-user-language';
import * as twoFactor from './20261124114553-two-factor';
import * as sessionDetails from './20261124114554-session-details';
import * as callbackWorkflow from './20261124115442-callback-workflow';
import * as callRollups from './20261124120055-call-rollups';
import * as apiKeys from './20261124120843-api-keys';
import * as webhooks from './20261124120844-webhooks';
import * as smsDelivery from './20261124141258-sms-delivery';
import * as companyRetention from './20261124142203-company-retention';
import * as sessionRowsNotify from './20261124171318-session-rows-notify';
import * as botRowsNotify from './20261124205909-bot-rows-notify';
import * as sessionStepUp from './20261128174000-session-step-up';
import * as webhookQueue from './20261128180052-webhook-queue';
import * as rateLimits from './20261128184939-rate-limits';
import * as twoFactorTables from './20261206160000-two-factor-tables';
import * as callSearch from './20261206160100-call-search';
import * as businessHours from './20261206184500-business-hours';
import * as connectors from './20261206184501-connectors';
import * as notifications from './20261206184502-notifications';
import * as smsTemplates from './20261206184503-sms-templates';
import * as recordings from './20261206184504-recordings';
import * as phonebotsInOperation from './20261206184505-phonebots-in-operation';
import * as callbackAttempts from './20261206184506-callback-attempts';
import * as phonebotSilenceAlert from './20261206190500-phonebot-silence-alert';
import * as pushNotifications from './20261206203404-push-notifications';
import * as callSearchCompanyTerms from './20261207030756-call-search-company-terms';
import * as callSearchVocabulary from './20261207091500-call-search-vocabulary';
import * as callSearchTriage from './20261207112927-call-search-triage';
import * as connectorClaimsOutliveCalls from './20261207122007-connector-claims-outlive-calls';
import * as callSearchSameTerms from './20261207145121-call-search-same-terms';
import * as pushCallCount from './20261207181909-push-call-count';

/**
 * Every migration, by its name `YYYYMMDDHHMMSS-what-it-does` (UTC), in the order of their names, which is the order
 * they run in. Listed explicitly so that nothing depends on reading a folder at run time. A new migration is named
 * after every one here and appended at the end (see docs/operations.md).
 */
export const migrations: Record<string, Migration> = {
  '20261121211641-accounts': accounts,
  '20261121212939-phonebots-and-calls': phonebotsAndCalls,
  '20261121213614-call-follow-up': callFollowUp,
  '20261121214719-billing': billing,
  '20261124081729-settings': settings,
  '20261124081730-token-revocation': tokenRevocation,
  '20261124085619-mail-outbox': mailOutbox,
  '20261124085620-call-preview': callPreview,
  '20261124085621-sms-guard': smsGuard,
  '20261124085622-email-change': emailChange,
  '20261124103433-call-events': callEvents,
  '20261124104240-urgent-call-mail': urgentCallMail,
  '20261124112425-user-language': userLanguage,
  '20261124114553-two-factor': twoFactor,
  '20261124114554-session-details': sessionDetails,
  '20261124115442-callback-workflow': callbackWorkflow,
  '20261124120055-call-rollups': callRollups,
  '20261124120843-api-keys': apiKeys,
  '20261124120844-webhooks': webhooks,
  '20261124141258-sms-delivery': smsDelivery,
  '20261124142203-company-retention': companyRetention,
  '20261124171318-session-rows-notify': sessionRowsNotify,
  '20261124205909-bot-rows-notify': botRowsNotify,
  '20261128174000-session-step-up': sessionStepUp,
  '20261128180052-webhook-queue': webhookQueue,
  '20261128184939-rate-limits': rateLimits,
  '20261206160000-two-factor-tables': twoFactorTables,
  '20261206160100-call-search': callSearch,
  '20261206184500-business-hours': businessHours,
  '20261206184501-connectors': connectors,
  '20261206184502-notifications': notifications,
  '20261206184503-sms-templates': smsTemplates,
  '20261206184504-recordings': recordings,
  '20261206184505-phonebots-in-operation': phonebotsInOperation,
  '20261206184506-callback-attempts': callbackAttempts,
  '20261206190500-phonebot-silence-alert': phonebotSilenceAlert,
  '20261206203404-push-notifications': pushNotifications,
  '20261207030756-call-search-company-terms': callSearchCompanyTerms,
  '20261207091500-call-search-vocabulary': callSearchVocabulary,
  '20261207112927-call-search-triage': callSearchTriage,
  '20261207122007-connector-claims-outlive-calls': connectorClaimsOutliveCalls,
  '20261207145121-call-search-same-terms': callSearchSameTerms,
  '20261207181909-push-call-count': pushCallCount,
};
