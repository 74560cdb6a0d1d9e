/** Where the account menu's choice of light, dark or the system's scheme is kept (Mantine's manager reads it too). */
export const COLOR_SCHEME_STORAGE_KEY = 'phonebot_color_scheme';

/**
 * Marks the page light or dark as the user chose (the system's scheme when nothing or "auto" is stored) before
 * anything renders, so the login page, which loads without Mantine, shows the same scheme as the app.
 */
export function applyStoredColorScheme(): void {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY);
  } catch {
    // Storage unavailable: the system's scheme.
  }
  const dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.mantineColorScheme = dark ? 'dark' : 'light';
}
