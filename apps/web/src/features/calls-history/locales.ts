import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key; registered when its screens load. */
const en = {
  callsHistory: {
    month: 'Month',
    year: 'Year',
    search: 'Search',
    searchPlaceholder: 'Customer name or phonebot',
    export: 'Export',
    columns: {
      customerName: 'Customer Name',
      phonebot: 'Phonebot',
      numberOfCalls: 'Number of Calls',
    },
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {{page}} of {{pages}}',
    pagination: 'Pages of customers',
    total_one: '{{count}} call in {{month}}',
    total_other: '{{count}} calls in {{month}}',
  },
};

export const callsHistoryTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    callsHistory: {
      month: 'Monat',
      year: 'Jahr',
      search: 'Suche',
      searchPlaceholder: 'Kundenname oder Phonebot',
      export: 'Exportieren',
      columns: {
        customerName: 'Kundenname',
        phonebot: 'Phonebot',
        numberOfCalls: 'Anzahl der Anrufe',
      },
      previous: 'Zurück',
      next: 'Weiter',
      pageOf: 'Seite {{page}} von {{pages}}',
      pagination: 'Seiten der Kunden',
      total_one: '{{count}} Anruf im {{month}}',
      total_other: '{{count}} Anrufe im {{month}}',
    },
  },
};
