import type { FeatureTranslations } from '../../lib/i18n';

/** The Usage screen's texts, under their own top-level key; registered when the screen loads. */
const en = {
  usage: {
    intro: 'Calls per customer and phonebot in a month and in the twelve months up to it, with the payment state.',
    search: 'Search',
    searchPlaceholder: 'Customer, phonebot or subscription',
    export: 'Export',
    columns: {
      customer: 'Customer',
      phonebot: 'Phonebot',
      calls: 'Calls in {{month}}',
      trend: 'Last 12 months',
      payment: 'Payment',
      subscription: 'Paddle subscription',
    },
    payment: {
      inactive: 'Inactive',
      active: 'Active',
      paused: 'Paused',
      past_due: 'Past due',
      canceled: 'Canceled',
      unknown: 'Unknown',
      deleted: 'Phonebot deleted',
    },
    noSubscription: 'None',
    trendLabel: 'Calls per month from {{first}} to {{last}}: {{values}}',
    total_one: '{{count}} call in {{month}}',
    total_other: '{{count}} calls in {{month}}',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {{page}} of {{pages}}',
    pagination: 'Pages of customers',
    empty: 'No phonebots found.',
  },
};

export const usageTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    usage: {
      intro: 'Anrufe je Kunde und Phonebot in einem Monat und in den zwölf Monaten bis dahin, mit dem Zahlungsstatus.',
      search: 'Suche',
      searchPlaceholder: 'Kunde, Phonebot oder Abonnement',
      export: 'Exportieren',
      columns: {
        customer: 'Kunde',
        phonebot: 'Phonebot',
        calls: 'Anrufe im {{month}}',
        trend: 'Letzte 12 Monate',
        payment: 'Zahlung',
        subscription: 'Paddle-Abonnement',
      },
      payment: {
        inactive: 'Inaktiv',
        active: 'Aktiv',
        paused: 'Pausiert',
        past_due: 'Überfällig',
        canceled: 'Gekündigt',
        unknown: 'Unbekannt',
        deleted: 'Phonebot gelöscht',
      },
      noSubscription: 'Keines',
      trendLabel: 'Anrufe je Monat von {{first}} bis {{last}}: {{values}}',
      total_one: '{{count}} Anruf im {{month}}',
      total_other: '{{count}} Anrufe im {{month}}',
      previous: 'Zurück',
      next: 'Weiter',
      pageOf: 'Seite {{page}} von {{pages}}',
      pagination: 'Seiten der Kunden',
      empty: 'Keine Phonebots gefunden.',
    },
  },
};
