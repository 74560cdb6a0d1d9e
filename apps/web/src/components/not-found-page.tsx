import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/use-page-title';

type NotFoundPageProps = {
  /** Inside the signed-in shell, which already has its main landmark: a screen whose object does not exist. */
  embedded?: boolean;
};

export function NotFoundPage({ embedded = false }: NotFoundPageProps) {
  const { t } = useTranslation();
  usePageTitle(t('notFoundPage.title'));
  return (
    <Center component={embedded ? 'div' : 'main'} mih={embedded ? '50vh' : '100vh'} p="md">
      <Stack align="center" gap="md">
        <Text fz={64} fw={800} c="anchor" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('notFoundPage.title')}</Title>
        <Text c="dimmed">{t('notFoundPage.text')}</Text>
        <Button component={Link} to="/">
          {t('notFoundPage.home')}
        </Button>
      </Stack>
    </Center>
  );
}
