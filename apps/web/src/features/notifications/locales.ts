import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key. */
const en = {
  notifications: {
    bell: 'Notifications',
    bellUnread_one: 'Notifications, {{count}} unread',
    bellUnread_other: 'Notifications, {{count}} unread',
    title: 'Notifications',
    markAllRead: 'Mark all read',
    none: 'No notifications yet. You are told here when a call is assigned to you, a note mentions you or a caller replies by SMS.',
    loadFailed: 'The notifications could not be loaded.',
    assigned: '{{actor}} assigned you the call from {{caller}}',
    mentioned: '{{actor}} mentioned you in a note on the call from {{caller}}',
    reply: 'New SMS reply from {{caller}}',
    someone: 'Someone',
    unread: 'Unread',
  },
};

export const notificationsTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    notifications: {
      bell: 'Benachrichtigungen',
      bellUnread_one: 'Benachrichtigungen, {{count}} ungelesen',
      bellUnread_other: 'Benachrichtigungen, {{count}} ungelesen',
      title: 'Benachrichtigungen',
      markAllRead: 'Alle als gelesen markieren',
      none: 'Noch keine Benachrichtigungen. Hier erfahren Sie, wenn Ihnen ein Anruf zugewiesen wird, eine Notiz Sie erwähnt oder ein Anrufer per SMS antwortet.',
      loadFailed: 'Die Benachrichtigungen konnten nicht geladen werden.',
      assigned: '{{actor}} hat Ihnen den Anruf von {{caller}} zugewiesen',
      mentioned: '{{actor}} hat Sie in einer Notiz zum Anruf von {{caller}} erwähnt',
      reply: 'Neue SMS-Antwort von {{caller}}',
      someone: 'Jemand',
      unread: 'Ungelesen',
    },
  },
};
