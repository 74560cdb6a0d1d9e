import { Suspense } from 'react';
import { Anchor, Box, Center, Group } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OfflineBanner } from '../../components/offline-banner';
import { PageLoader } from '../../components/page-loader';
import { lazyNamed } from '../lazy-named';
import { LanguageSwitch } from './language-switch';

const OperatorFooter = lazyNamed(() => import('./operator-footer'), 'OperatorFooter');

/** Sign-in, sign-up and reset screens: no sidebar or account menu (docs/product.md §3.4), only brand and language. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="var(--portal-page-background)">
      <Group component="header" justify="space-between" px="lg" py="md">
        <Anchor component={Link} to="/login" fw={700} fz="lg" underline="never">
          <Group gap={6} wrap="nowrap">
            <IconPhoneCall size={22} aria-hidden />
            {t('app.name')}
          </Group>
        </Anchor>
        <LanguageSwitch />
      </Group>
      <OfflineBanner inset />
      <Center component="main" px="md" pb="xl" pt="lg">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Center>
      {/* The operator's imprint and privacy pages are reachable before sign-in too. */}
      <Suspense fallback={null}>
        <OperatorFooter />
      </Suspense>
    </Box>
  );
}
