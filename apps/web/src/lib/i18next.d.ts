import type { en } from '../locales/en';
import type { usersTranslations } from '../features/users/locales';
import type { profileTranslations } from '../features/profile/locales';
import type { companyTranslations } from '../features/company/locales';
import type { urgentMailTranslations } from '../features/company/urgent-mail';
import type { phonebotsTranslations } from '../features/phonebots/locales';
import type { historyTranslations } from '../features/phonebots/history-locales';
import type { offlineAlertTranslations } from '../features/company/components/offline-alert-card';
import type { callsTranslations } from '../features/calls/locales';
import type { callsLiveTranslations } from '../features/calls/live-locales';
import type { inboxTranslations } from '../features/calls/inbox-locales';
import type { denseTranslations } from '../features/calls/dense-locales';
import type { attemptsTranslations } from '../features/calls/attempts-locales';
import type { recordingTranslations } from '../features/calls/recording-locales';
import type { summaryTranslations } from '../features/calls/summary-locales';
import type { smsDeliveryTranslations } from '../features/calls/sms-delivery-locales';
import type { customersTranslations } from '../features/customers/locales';
import type { guestsTranslations } from '../features/guests/locales';
import type { callsHistoryTranslations } from '../features/calls-history/locales';
import type { usageTranslations } from '../features/calls-history/usage-locales';
import type { billingTranslations } from '../features/billing/locales';
import type { settingsTranslations } from '../features/settings/locales';
import type { dashboardTranslations } from '../features/dashboard/locales';
import type { insightsTranslations } from '../features/insights/locales';
import type { integrationsTranslations } from '../features/integrations/locales';
import type { auditTranslations } from '../features/audit/locales';
import type { callerRightsTranslations } from '../features/caller-rights/locales';
import type { retentionTranslations } from '../features/company/retention';
import type { customerUsersTranslations } from '../features/customers/customer-users';
import type { twoFactorTranslations } from '../features/two-factor/locales';
import type { notificationsTranslations } from '../features/notifications/locales';
import type { smsTemplatesTranslations } from '../features/company/sms-templates';
import type { smsDialogTranslations } from '../features/calls/sms-locales';

// i18next's typing hooks are interfaces meant for augmentation, so `type` cannot be used here.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en &
        (typeof usersTranslations)['en'] &
        (typeof profileTranslations)['en'] &
        (typeof companyTranslations)['en'] &
        (typeof urgentMailTranslations)['en'] &
        (typeof phonebotsTranslations)['en'] &
        (typeof historyTranslations)['en'] &
        (typeof offlineAlertTranslations)['en'] &
        (typeof callsTranslations)['en'] &
        (typeof inboxTranslations)['en'] &
        (typeof denseTranslations)['en'] &
        (typeof attemptsTranslations)['en'] &
        (typeof recordingTranslations)['en'] &
        (typeof summaryTranslations)['en'] &
        (typeof callsLiveTranslations)['en'] &
        (typeof smsDeliveryTranslations)['en'] &
        (typeof customersTranslations)['en'] &
        (typeof guestsTranslations)['en'] &
        (typeof callsHistoryTranslations)['en'] &
        (typeof usageTranslations)['en'] &
        (typeof billingTranslations)['en'] &
        (typeof auditTranslations)['en'] &
        (typeof settingsTranslations)['en'] &
        (typeof dashboardTranslations)['en'] &
        (typeof insightsTranslations)['en'] &
        (typeof integrationsTranslations)['en'] &
        (typeof callerRightsTranslations)['en'] &
        (typeof retentionTranslations)['en'] &
        (typeof customerUsersTranslations)['en'] &
        (typeof twoFactorTranslations)['en'] &
        (typeof notificationsTranslations)['en'] &
        (typeof smsTemplatesTranslations)['en'] &
        (typeof smsDialogTranslations)['en'];
    };
  }
}
