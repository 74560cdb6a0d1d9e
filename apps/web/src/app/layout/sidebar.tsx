import type { ComponentType } from 'react';
import { Box, NavLink, Stack } from '@mantine/core';
import {
  IconBriefcase,
  IconBuilding,
  IconChartBar,
  IconHistory,
  IconListSearch,
  IconLogout,
  IconPhoneCall,
  IconRobot,
  IconSettings,
  IconUserCircle,
  IconUsers,
  IconUserShield,
  type IconProps,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@phonebot/shared';
import { menuFor } from '@phonebot/shared';
import { useLogout } from '../../features/auth';
import { isTranslationKey } from '../../lib/i18n';

const ICONS: Record<string, ComponentType<IconProps>> = {
  '/viewcalllogs': IconPhoneCall,
  '/insights': IconChartBar,
  '/companyprofile': IconBuilding,
  '/users1': IconUsers,
  '/vbots': IconRobot,
  '/vbotsforguest': IconRobot,
  '/phonebots': IconRobot,
  '/myprofile': IconUserCircle,
  '/customers': IconBriefcase,
  '/guest': IconUserShield,
  '/callscount': IconHistory,
  '/settings': IconSettings,
  '/audit-log': IconListSearch,
};

type SidebarProps = {
  /** Undefined until the role is known: then only Logout is offered. */
  role: Role | undefined;
  onNavigate: () => void;
};

/** The side menu of docs/product.md §8.1: the shared MENU filtered by the role, then Logout for everyone. */
export function Sidebar({ role, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { logout, pending: loggingOut } = useLogout();
  const { pathname } = useLocation();
  const current = pathname.toLowerCase();

  return (
    <Stack justify="space-between" h="100%" gap={0}>
      {/* The browser's own scrolling: Mantine's ScrollArea measures itself in a second render on every page load. */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <Stack gap={2} p="xs">
          {(role ? menuFor(role) : []).map((item) => {
            const Icon = ICONS[item.path.toLowerCase()] ?? IconRobot;
            const active = current === item.path.toLowerCase();
            return (
              <NavLink
                key={item.path}
                component={Link}
                to={item.path}
                label={isTranslationKey(item.key) ? t(item.key) : item.key}
                leftSection={<Icon size={20} aria-hidden />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              />
            );
          })}
        </Stack>
      </Box>
      <Stack p="xs">
        <NavLink
          component="button"
          type="button"
          label={t('menu.logout')}
          leftSection={<IconLogout size={20} aria-hidden />}
          onClick={logout}
          disabled={loggingOut}
        />
      </Stack>
    </Stack>
  );
}
