import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key; registered when its screens load. */
const en = {
  audit: {
    intro: 'Who changed what, and when and from where. Entries cannot be changed or deleted.',
    filters: 'Filters',
    user: 'User',
    anyUser: 'Any user',
    action: 'Action',
    actionHint: 'An action, or its first part with a dot (mfa.)',
    from: 'From',
    to: 'To',
    clear: 'Clear filters',
    csv: 'Download CSV',
    when: 'When',
    who: 'Who',
    company: 'Company',
    what: 'What',
    object: 'Object',
    where: 'From where',
    empty: 'No entries.',
    system: 'System',
    notSignedIn: 'Not signed in',
    total: '{{count}} entries',
    filterByUser: 'Show only the entries of {{name}}',
  },
};

export const auditTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    audit: {
      intro: 'Wer was wann und von wo geändert hat. Einträge lassen sich weder ändern noch löschen.',
      filters: 'Filter',
      user: 'Benutzer',
      anyUser: 'Alle Benutzer',
      action: 'Aktion',
      actionHint: 'Eine Aktion oder ihr erster Teil mit Punkt (mfa.)',
      from: 'Von',
      to: 'Bis',
      clear: 'Filter zurücksetzen',
      csv: 'CSV herunterladen',
      when: 'Wann',
      who: 'Wer',
      company: 'Firma',
      what: 'Was',
      object: 'Objekt',
      where: 'Von wo',
      empty: 'Keine Einträge.',
      system: 'System',
      notSignedIn: 'Nicht angemeldet',
      total: '{{count}} Einträge',
      filterByUser: 'Nur die Einträge von {{name}} zeigen',
    },
  },
};
