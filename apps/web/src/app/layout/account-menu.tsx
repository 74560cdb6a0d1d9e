import { Avatar, Box, Button, Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import {
  IconCheck,
  IconChevronDown,
  IconDeviceDesktop,
  IconLogout,
  IconMoon,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@phonebot/shared';
import { can } from '@phonebot/shared';
import { useMadeOnClick } from '../../components/armed-area';
import { HeaderMenu } from './header-menu';
import { useLogout, useMe } from '../../features/auth';

type AccountMenuProps = {
  role: Role;
  /** Whether the header is armed (useArmedArea): the menu is made then, or when its button is clicked first. */
  armed: boolean;
};

const SCHEMES: { value: MantineColorScheme; icon: typeof IconSun }[] = [
  { value: 'light', icon: IconSun },
  { value: 'dark', icon: IconMoon },
  { value: 'auto', icon: IconDeviceDesktop },
];

/**
 * The account's button in the header, and its menu: profile, colour scheme, logout. The name and avatar come when the
 * user's profile is loaded; until then the button is the account's.
 */
export function AccountMenu({ role, armed }: AccountMenuProps) {
  const { t } = useTranslation();
  const me = useMe();
  const { logout } = useLogout();
  const { made, openedAtOnce, onBareClick } = useMadeOnClick(armed);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const name = me.data?.name;
  const account = t('nav.account');
  const button = (
    <Button
      variant="subtle"
      px={6}
      leftSection={<Avatar src={me.data?.avatar_url} name={name} color="portal" size={30} radius="xl" alt="" />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={name ? `${account}: ${name}` : account}
      aria-haspopup="menu"
      onClick={made ? undefined : onBareClick}
    >
      {/* On a phone the avatar alone names the account; the name needs the room of a wider window. */}
      <Box component="span" visibleFrom="sm">
        {name ?? account}
      </Box>
    </Button>
  );
  if (!made) return button;
  return (
    <HeaderMenu width={220} openedAtOnce={openedAtOnce} target={button}>
      {/* Guests have no profile screen (docs/product.md §8), so the entry would only bounce them home. */}
      {can(role, 'profile.own') && (
        <Menu.Item component={Link} to="/myprofile" leftSection={<IconUserCircle size={16} aria-hidden />}>
          {t('nav.myProfile')}
        </Menu.Item>
      )}
      <Menu.Label>{t('nav.colorScheme')}</Menu.Label>
      {SCHEMES.map(({ value, icon: Icon }) => (
        <Menu.Item
          key={value}
          // A choice of three: radio items (Mantine's items are plain menu items), the current one checked.
          renderRoot={(props) => (
            <button type="button" {...props} role="menuitemradio" aria-checked={colorScheme === value} />
          )}
          closeMenuOnClick={false}
          onClick={() => setColorScheme(value)}
          leftSection={<Icon size={16} aria-hidden />}
          rightSection={colorScheme === value ? <IconCheck size={16} aria-hidden /> : null}
        >
          {t(`nav.scheme.${value}`)}
        </Menu.Item>
      ))}
      <Menu.Divider />
      <Menu.Item onClick={logout} leftSection={<IconLogout size={16} aria-hidden />}>
        {t('nav.logout')}
      </Menu.Item>
    </HeaderMenu>
  );
}
