import type { FeatureTranslations } from '../../lib/i18n';

/** The texts of a call's summary and the fields its phonebot or platform extracted. */
const en = {
  callSummary: {
    title: 'Summary',
    callerName: 'Caller’s name: {{name}}',
    fields: 'Extracted fields',
    yes: 'yes',
    no: 'no',
    none: '—',
  },
};

export const summaryTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    callSummary: {
      title: 'Zusammenfassung',
      callerName: 'Name des Anrufers: {{name}}',
      fields: 'Erfasste Felder',
      yes: 'ja',
      no: 'nein',
      none: '—',
    },
  },
};
