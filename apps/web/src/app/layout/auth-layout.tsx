import { Suspense } from 'react';
import { Anchor, Box, Center, Group } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { LanguageSwitch } from './language-switch';

/** Sign-in, sign-up and reset screens: no sidebar or account menu (SPEC §2 Shell), only brand and language. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" px="lg" py="md">
        <Anchor component={Link} to="/login" fw={700} fz="lg" underline="never">
          <Group gap={6} wrap="nowrap">
            <IconPhoneCall size={22} aria-hidden />
            {t('app.name')}
          </Group>
        </Anchor>
        <LanguageSwitch />
      </Group>
      <Center component="main" px="md" pb="xl" pt="lg">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Center>
    </Box>
  );
}
