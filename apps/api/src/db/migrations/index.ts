import type { Migration } from 'kysely';
import * as accounts from './2026-11-21-0001-accounts';
import * as phonebotsAndCalls from './2026-11-21-0002-phonebots-and-calls';
import * as callFollowUp from './2026-11-21-0003-call-follow-up';
import * as billing from './2026-11-21-0004-billing';
import * as mailOutbox from './2026-11-24-0101-mail-outbox';
import * as callPreview from './2026-11-24-0102-call-preview';
import * as smsGuard from './2026-11-24-0103-sms-guard';
import * as emailChange from './2026-11-24-0104-email-change';
import * as settings from './2026-11-24-0201-settings';
import * as tokenRevocation from './2026-11-24-0202-token-revocation';
import * as callbackWorkflow from './2026-11-24-0401-callback-workflow';
import * as callEvents from './2026-11-24-0501-call-events';
import * as urgentCallMail from './2026-11-24-0502-urgent-call-mail';
import * as apiKeys from './2026-11-24-0801-api-keys';
import * as webhooks from './2026-11-24-0802-webhooks';
import * as userLanguage from './2026-11-24-0901-user-language';
import * as twoFactor from './2026-11-24-0701-two-factor';
import * as sessionDetails from './2026-11-24-0702-session-details';
import * as callRollups from './2026-11-24-0601-call-rollups';
import * as smsDelivery from './2026-11-24-1001-sms-delivery';
import * as companyRetention from './2026-11-24-1201-company-retention';
import * as sessionRowsNotify from './2026-11-24-1301-session-rows-notify';
import * as botRowsNotify from './2026-11-24-1401-bot-rows-notify';
import * as sessionStepUp from './2026-11-28-0101-session-step-up';
import * as webhookQueue from './2026-11-28-0301-webhook-queue';
import * as rateLimits from './2026-11-28-0401-rate-limits';

/** Every migration, by its dated name. Listed explicitly so that nothing depends on reading a folder at run time. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-accounts': accounts,
  '2026-11-21-0002-phonebots-and-calls': phonebotsAndCalls,
  '2026-11-21-0003-call-follow-up': callFollowUp,
  '2026-11-21-0004-billing': billing,
  '2026-11-24-0101-mail-outbox': mailOutbox,
  '2026-11-24-0102-call-preview': callPreview,
  '2026-11-24-0103-sms-guard': smsGuard,
  '2026-11-24-0104-email-change': emailChange,
  '2026-11-24-0201-settings': settings,
  '2026-11-24-0202-token-revocation': tokenRevocation,
  '2026-11-24-0401-callback-workflow': callbackWorkflow,
  '2026-11-24-0501-call-events': callEvents,
  '2026-11-24-0502-urgent-call-mail': urgentCallMail,
  '2026-11-24-0801-api-keys': apiKeys,
  '2026-11-24-0802-webhooks': webhooks,
  '2026-11-24-0901-user-language': userLanguage,
  '2026-11-24-0701-two-factor': twoFactor,
  '2026-11-24-0702-session-details': sessionDetails,
  '2026-11-24-0601-call-rollups': callRollups,
  '2026-11-24-1001-sms-delivery': smsDelivery,
  '2026-11-24-1201-company-retention': companyRetention,
  '2026-11-24-1301-session-rows-notify': sessionRowsNotify,
  '2026-11-24-1401-bot-rows-notify': botRowsNotify,
  '2026-11-28-0101-session-step-up': sessionStepUp,
  '2026-11-28-0301-webhook-queue': webhookQueue,
  '2026-11-28-0401-rate-limits': rateLimits,
};
