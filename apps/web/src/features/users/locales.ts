import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key; registered when its screens load. */
const en = {
  users: {},
};

export const usersTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    users: {},
  },
};
