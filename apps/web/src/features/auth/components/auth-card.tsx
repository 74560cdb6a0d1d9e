import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';

type AuthCardProps = {
  title: string;
  subtitle?: string;
  children: ReactNode;
};

export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  usePageTitle(title);
  return (
    <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
