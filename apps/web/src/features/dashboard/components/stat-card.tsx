import type { ReactNode } from 'react';
import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';

type StatCardProps = {
  label: string;
  /** Already formatted; undefined while loading. */
  value: string | undefined;
  icon: ReactNode;
};

export function StatCard({ label, value, icon }: StatCardProps) {
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={36} width={80} mt={6} />
          ) : (
            <Text fz={32} fw={700} lh={1.2} mt={4}>
              {value}
            </Text>
          )}
        </div>
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
