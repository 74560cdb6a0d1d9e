import type { FeatureTranslations } from '../../lib/i18n';

/** The SMS dialog's own texts (template picker, length and parts). */
const en = {
  smsDialog: {
    template: 'Template',
    templatePlaceholder: 'Pick a template',
    length_one: '{{count}} character',
    length_other: '{{count}} characters',
    parts_one: '{{count}} SMS',
    parts_other: '{{count}} SMS',
    encoding: 'Special characters: {{perPart}} per SMS',
    remaining: '{{count}} left in this SMS',
  },
};

export const smsDialogTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    smsDialog: {
      template: 'Vorlage',
      templatePlaceholder: 'Vorlage auswählen',
      length_one: '{{count}} Zeichen',
      length_other: '{{count}} Zeichen',
      parts_one: '{{count}} SMS',
      parts_other: '{{count}} SMS',
      encoding: 'Sonderzeichen: {{perPart}} je SMS',
      remaining: 'noch {{count}} in dieser SMS',
    },
  },
};
