import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

type IntegrationSectionProps = {
  title: string;
  intro: string;
  addLabel: string;
  onAdd: () => void;
  /** The section's list, empty state or error. */
  children: ReactNode;
  /** The section's dialogs (add, and the secret shown once). */
  dialogs: ReactNode;
};

/** One section of the Integrations screen: a heading with its add button, a line on what it is for, its list. */
export function IntegrationSection({ title, intro, addLabel, onAdd, children, dialogs }: IntegrationSectionProps) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {title}
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
        <Text size="sm">{intro}</Text>
        {children}
      </Stack>
      {dialogs}
    </Paper>
  );
}
