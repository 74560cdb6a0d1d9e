import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/*
 * Mantine's default blue (shade 6) and its red, green, orange and yellow reach only 2.7 to 3.8:1 against white, which
 * fails WCAG AA (4.5:1) for button labels, links, badges and alert texts. The portal uses a dark teal as primary
 * colour with shade 7 (#0d6e65, 6.1:1 on white) and darker 7 to 9 shades of the status colours, so filled buttons,
 * badges (white text on shade 7) and light alerts (shade 9 on shade 1) all pass.
 */
const portal: MantineColorsTuple = [
  '#e3f7f5',
  '#c8ece8',
  '#9ad9d2',
  '#67c4ba',
  '#3eb2a6',
  '#24a396',
  '#148a7e',
  '#0d6e65',
  '#0a5a53',
  '#064640',
];

const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#c92a2a',
  '#b02525',
  '#962020',
];

const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#237a36',
  '#1e6b2f',
  '#185c28',
];

const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#c2410c',
  '#a8380a',
  '#8f2f08',
];

const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#fab005',
  '#9a5b00',
  '#854d00',
  '#6f4000',
];

export const theme = createTheme({
  primaryColor: 'portal',
  // White labels on filled buttons and badges need shade 7 in the dark scheme too.
  primaryShade: { light: 7, dark: 7 },
  colors: { portal, red, green, orange, yellow },
  defaultRadius: 'md',
  // People who ask their system for less motion get dialogs and menus without transitions.
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji"',
});

/**
 * Mantine's dimmed text (gray 6, 3.3:1) and error text (red 6) fail AA on white; darker shades pass. On the dark
 * body (#242424) the opposite holds: dimmed text, errors and links need the light shades.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-anchor': 'var(--mantine-color-portal-7)',
    '--portal-page-background': 'var(--mantine-color-gray-0)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-portal-3)',
    '--portal-page-background': 'var(--mantine-color-dark-8)',
  },
});
