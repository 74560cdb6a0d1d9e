import type { ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useI18n } from '../lib/i18n';
import { COLOR_SCHEME_STORAGE_KEY } from '../lib/color-scheme';
import { cssVariablesResolver, theme } from './theme';
import { Toaster } from './toaster';

/** Light, dark or the system's scheme, as the user chose it in the account menu, remembered in this browser. */
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Toaster />
      <DatesLanguage>{children}</DatesLanguage>
    </MantineProvider>
  );
}

/** The date pickers speak the interface language (their month and day names, the first day of the week). */
function DatesLanguage({ children }: { children: ReactNode }) {
  const { language } = useI18n();
  return <DatesProvider settings={{ locale: language }}>{children}</DatesProvider>;
}
