import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@phonebot/shared/constants';
import { can } from '@phonebot/shared/permissions';

type AccountMenuProps = {
  role: Role;
  /** The signed-in user's name, when loaded. */
  name: string | undefined;
  onLogout: () => void;
};

export function AccountMenu({ role, name, onLogout }: AccountMenuProps) {
  const { t } = useTranslation();
  const account = t('nav.account');
  return (
    // Rendered inside the header (not a portal) so the open menu stays within the banner landmark; no focus
    // placeholder, whose focusable presentation element is not a valid child of a menu.
    <Menu position="bottom-end" width={200} shadow="md" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          leftSection={<IconUserCircle size={20} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={name ? `${account}: ${name}` : account}
        >
          {name ?? account}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Guests have no profile screen (SPEC §6), so the entry would only bounce them home. */}
        {can(role, 'profile.own') && (
          <Menu.Item component={Link} to="/myprofile" leftSection={<IconUserCircle size={16} aria-hidden />}>
            {t('nav.myProfile')}
          </Menu.Item>
        )}
        <Menu.Item onClick={onLogout} leftSection={<IconLogout size={16} aria-hidden />}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
