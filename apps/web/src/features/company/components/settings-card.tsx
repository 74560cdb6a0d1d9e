import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/**
 * One setting of the Company Profile: a heading, what it does, and its form. With an `id` (the heading's), the card
 * is a section named by its heading.
 */
export function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id?: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" component={id === undefined ? 'div' : 'section'} aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
