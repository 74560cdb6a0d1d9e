import type { FeatureTranslations } from '../../lib/i18n';

/** Texts of the live updates and urgent-call alerts; registered with the screens that show them. */
const en = {
  callsLive: {
    reconnectingTitle: 'Live updates interrupted',
    reconnecting: 'Reconnecting… Meanwhile the list refreshes every 5 seconds.',
    alerts: {
      button: 'Alerts',
      title: 'Urgent call alerts',
      intro:
        'When a call with one of these priorities arrives while this tab is in the background, this browser alerts you.',
      priorities: 'Priorities',
      notify: 'Browser notification',
      sound: 'Sound',
      test: 'Test alert',
      stored: 'These settings are kept in this browser.',
      unsupported: 'This browser does not offer notifications.',
      blocked: 'Notifications are blocked for this site. Allow them in the browser’s site settings.',
      notificationTitle: 'New call: {{priority}}',
      notificationBody: '{{caller}} via {{phonebot}}',
      testTitle: 'Urgent call alerts are on',
      testBody: 'This is how a new urgent call is announced.',
    },
  },
};

const de: FeatureTranslations<typeof en>['de'] = {
  callsLive: {
    reconnectingTitle: 'Live-Aktualisierung unterbrochen',
    reconnecting: 'Verbindung wird wiederhergestellt … Bis dahin wird die Liste alle 5 Sekunden aktualisiert.',
    alerts: {
      button: 'Alarme',
      title: 'Alarm bei dringenden Anrufen',
      intro:
        'Kommt ein Anruf mit einer dieser Prioritäten an, während dieser Tab im Hintergrund ist, alarmiert Sie dieser Browser.',
      priorities: 'Prioritäten',
      notify: 'Browser-Benachrichtigung',
      sound: 'Ton',
      test: 'Alarm testen',
      stored: 'Diese Einstellungen werden in diesem Browser gespeichert.',
      unsupported: 'Dieser Browser bietet keine Benachrichtigungen an.',
      blocked:
        'Benachrichtigungen sind für diese Website blockiert. Erlauben Sie sie in den Website-Einstellungen des Browsers.',
      notificationTitle: 'Neuer Anruf: {{priority}}',
      notificationBody: '{{caller}} über {{phonebot}}',
      testTitle: 'Alarm bei dringenden Anrufen ist an',
      testBody: 'So wird ein neuer dringender Anruf gemeldet.',
    },
  },
};

export const callsLiveTranslations: FeatureTranslations<typeof en> = { en, de };
