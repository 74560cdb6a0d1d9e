import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

type ComingSoonPageProps = {
  title: string;
  backTo: string;
};

/** Placeholder for a screen that is routed and guarded but not built yet, so the route never shows a blank page. */
export function ComingSoonPage({ title, backTo }: ComingSoonPageProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="xl">
        <Stack align="flex-start" gap="md">
          <IconTools size={32} aria-hidden />
          <Text>{t('comingSoon.text')}</Text>
          <Button component={Link} to={backTo} variant="light">
            {t('comingSoon.back')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
