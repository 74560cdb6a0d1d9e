import { Anchor, Box, type BoxProps, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type SectionId = 'general' | 'sip' | 'email' | 'models' | 'behaviour' | 'tools' | 'source' | 'extra';

/** The element id of a section, the target of its index link. */
export const sectionElementId = (id: SectionId) => `phonebot-section-${id}`;

type SectionIndexProps = Pick<BoxProps, 'hiddenFrom' | 'visibleFrom'> & {
  sections: SectionId[];
  /** The legend of the extra section (the super's payment status). */
  extraLegend?: string;
  /** Stays in view beside the form while it scrolls (wide windows). */
  sticky?: boolean;
};

/** Links to the form's sections: a column beside the form on wide windows, a row above it on narrow ones. */
export function SectionIndex({ sections, extraLegend, sticky = false, ...visibility }: SectionIndexProps) {
  const { t } = useTranslation();
  const label = (id: SectionId) => (id === 'extra' ? (extraLegend ?? '') : t(`phonebots.sections.${id}`));
  const links = sections.map((id) => (
    <Anchor key={id} href={`#${sectionElementId(id)}`} size="sm">
      {label(id)}
    </Anchor>
  ));
  return (
    <Box
      component="nav"
      aria-label={t('phonebots.form.sectionIndex')}
      {...visibility}
      style={
        sticky
          ? { position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + 16px)', width: 200 }
          : undefined
      }
    >
      {sticky ? (
        <Stack gap={6}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {t('phonebots.form.sectionIndex')}
          </Text>
          {links}
        </Stack>
      ) : (
        <Group gap="md" wrap="wrap">
          {links}
        </Group>
      )}
    </Box>
  );
}
