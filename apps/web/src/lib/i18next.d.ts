import type { en } from '../locales/en';

// i18next's typing hooks are interfaces meant for augmentation, so `type` cannot be used here.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
