import type { ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
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
      {children}
    </MantineProvider>
  );
}
