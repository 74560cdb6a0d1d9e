import type { ReactNode } from 'react';
import { Anchor, Box, Group } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotificationBell } from '../../features/notifications';
import { LanguageMenu } from './language-menu';

type TopNavbarProps = {
  /** The sidebar toggle: a burger on a narrow window, a fold button on a wide one. */
  burger: ReactNode;
  account: ReactNode;
  /** Whether the header is armed (useArmedArea): its menus are made then. */
  armed: boolean;
};

export function TopNavbar({ burger, account, armed }: TopNavbarProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {burger}
        <Anchor component={Link} to="/dashboard" fw={700} fz="lg" underline="never" aria-label={t('nav.home')}>
          <Group gap={6} wrap="nowrap">
            <IconPhoneCall size={22} aria-hidden />
            {/* On a phone the header keeps its room for the menu, language and account: the icon names the app. */}
            <Box component="span" visibleFrom="xs">
              {t('app.name')}
            </Box>
          </Group>
        </Anchor>
      </Group>
      <Group gap={4} wrap="nowrap">
        <NotificationBell armed={armed} />
        <LanguageMenu armed={armed} />
        {account}
      </Group>
    </Group>
  );
}
