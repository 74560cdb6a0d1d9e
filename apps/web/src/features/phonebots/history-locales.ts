import type { FeatureTranslations } from '../../lib/i18n';

/** The texts of a phonebot's history (its versions) and of the offline banner. */
const en = {
  phonebotHistory: {
    tabs: { settings: 'Settings', history: 'History' },
    title: 'Versions of this phonebot',
    empty: 'No versions yet.',
    version: 'Version {{number}}',
    by: '{{name}}, {{date}}',
    nobody: 'Before versions were kept, {{date}}',
    restoredFrom: 'Restored from version {{number}}',
    fields: 'Changed: {{fields}}',
    noFields: 'Nothing changed',
    created: 'Created the phonebot',
    fieldNames: { category_terms: 'Category terms', mcp_servers: 'MCP servers', source_mapping: 'Field mapping' },
    show: 'Show the changes of version {{number}}',
    changesOf: 'Changes of version {{number}} against version {{previous}}',
    changesFirst: 'Version {{number}}, the first one',
    secretChanged: 'changed (the value is never shown)',
    empty_value: '(empty)',
    added: 'added',
    removed: 'removed',
    before: 'Before',
    after: 'After',
    restore: 'Restore version {{number}}',
    restoreTitle: 'Restore version {{number}}?',
    restoreText:
      'The phonebot gets the settings of version {{number}} back as a new version. Nothing is lost: the current settings stay in the history.',
    restoreGuestText:
      'The greeting and the prompt of version {{number}} come back as a new version. Nothing is lost: the current texts stay in the history.',
    restoreConfirm: 'Restore',
    restored: 'Version {{number}} was restored as version {{new}}.',
    restoreError: 'The version could not be restored. Please try again.',
  },
  phonebotAlerts: {
    title_one: 'A phonebot is offline',
    title_other: '{{count}} phonebots are offline',
    since: '{{name}}: last heard from {{date}}',
    never: '{{name}}: never heard from',
    hint: 'Calls to it are probably not answered. The notice goes away as soon as it is back.',
    badge: 'Offline alert since {{date}}',
  },
};

export const historyTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    phonebotHistory: {
      tabs: { settings: 'Einstellungen', history: 'Verlauf' },
      title: 'Versionen dieses Phonebots',
      empty: 'Noch keine Versionen.',
      version: 'Version {{number}}',
      by: '{{name}}, {{date}}',
      nobody: 'Bevor Versionen gespeichert wurden, {{date}}',
      restoredFrom: 'Wiederhergestellt aus Version {{number}}',
      fields: 'Geändert: {{fields}}',
      noFields: 'Nichts geändert',
      created: 'Phonebot angelegt',
      fieldNames: { category_terms: 'Kategorien', mcp_servers: 'MCP-Server', source_mapping: 'Feldzuordnung' },
      show: 'Änderungen von Version {{number}} anzeigen',
      changesOf: 'Änderungen von Version {{number}} gegenüber Version {{previous}}',
      changesFirst: 'Version {{number}}, die erste',
      secretChanged: 'geändert (der Wert wird nie angezeigt)',
      empty_value: '(leer)',
      added: 'hinzugefügt',
      removed: 'entfernt',
      before: 'Vorher',
      after: 'Nachher',
      restore: 'Version {{number}} wiederherstellen',
      restoreTitle: 'Version {{number}} wiederherstellen?',
      restoreText:
        'Der Phonebot erhält die Einstellungen von Version {{number}} als neue Version zurück. Nichts geht verloren: Die aktuellen Einstellungen bleiben im Verlauf.',
      restoreGuestText:
        'Ansagetext und Prompt von Version {{number}} kommen als neue Version zurück. Nichts geht verloren: Die aktuellen Texte bleiben im Verlauf.',
      restoreConfirm: 'Wiederherstellen',
      restored: 'Version {{number}} wurde als Version {{new}} wiederhergestellt.',
      restoreError: 'Die Version konnte nicht wiederhergestellt werden. Bitte versuchen Sie es erneut.',
    },
    phonebotAlerts: {
      title_one: 'Ein Phonebot ist offline',
      title_other: '{{count}} Phonebots sind offline',
      since: '{{name}}: zuletzt erreichbar {{date}}',
      never: '{{name}}: nie erreichbar gewesen',
      hint: 'Anrufe werden wahrscheinlich nicht angenommen. Der Hinweis verschwindet, sobald er wieder erreichbar ist.',
      badge: 'Offline-Warnung seit {{date}}',
    },
  },
};
