import { type ReactNode, useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@phonebot/shared';
import type { NotificationResource } from '@phonebot/shared/notifications';
import { useMadeOnClick } from '../../../components/armed-area';
import { useRole } from '../../auth';
import { useFormatDate } from '../../../lib/dates';
import { registerTranslations } from '../../../lib/i18n';
import { useStarted } from '../../../lib/use-started';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api';
import { notificationsTranslations } from '../locales';

registerTranslations(notificationsTranslations);

/** The unread count as the badge shows it. */
function badge(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/**
 * The bell of the header: the unread count, and a list of the newest notifications (who, what, which call). A click
 * on one opens its call and marks it read. Shown to the company's users (the roles that read calls).
 */
export function NotificationBell({ armed }: { armed: boolean }) {
  const role = useRole();
  const enabled = role.isSuccess && can(role.data, 'calls.view');
  if (!enabled) return null;
  return <Bell armed={armed} />;
}

/** The list's popover is made once the header is armed, or opened at once by a first click (useArmedArea). */
function Bell({ armed }: { armed: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { made, onBareClick } = useMadeOnClick(armed);
  // The count comes a moment after the first screen (useStarted); the bell is there from the start.
  const notifications = useNotifications(useStarted());
  const unread = notifications.data?.unread ?? 0;
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      aria-haspopup="dialog"
      onClick={
        made
          ? () => setOpened((open) => !open)
          : () => {
              onBareClick();
              setOpened(true);
            }
      }
    >
      <IconBell aria-hidden />
    </ActionIcon>
  );
  const indicator = (target: ReactNode) => (
    <Indicator label={badge(unread)} size={18} color="red" offset={6} disabled={unread === 0}>
      {target}
    </Indicator>
  );
  if (!made) return indicator(button);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(360px, calc(100vw - 16px))"
      shadow="md"
      withinPortal
      hideDetached={false}
      zIndex={300}
    >
      {/* The popover's target is the button itself: it takes aria-expanded, which the badge around it may not. */}
      {indicator(<Popover.Target>{button}</Popover.Target>)}
      <Popover.Dropdown p={0}>
        <NotificationList onClose={() => setOpened(false)} notifications={notifications} />
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationList({
  onClose,
  notifications,
}: {
  onClose: () => void;
  notifications: ReturnType<typeof useNotifications>;
}) {
  const { t } = useTranslation();
  const markAll = useMarkAllRead();
  const items = notifications.data?.items ?? [];
  const unread = notifications.data?.unread ?? 0;
  return (
    <Stack gap={0}>
      <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
        <Text fw={600}>{t('notifications.title')}</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      {notifications.isError && items.length === 0 ? (
        <Text px="sm" pb="sm" c="red">
          {t('notifications.loadFailed')}
        </Text>
      ) : items.length === 0 && !notifications.isPending ? (
        <Text px="sm" pb="sm" c="dimmed" size="sm">
          {t('notifications.none')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="min(420px, 70vh)">
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} onOpen={onClose} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

function NotificationItem({ item, onOpen }: { item: NotificationResource; onOpen: () => void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const { kind, actor_name, caller_number, call_id, created_at, read } = item.attributes;
  const text = t(`notifications.${kind}`, { actor: actor_name ?? t('notifications.someone'), caller: caller_number });
  const open = () => {
    if (!read) markRead.mutate(item.id);
    onOpen();
    void navigate(`/viewcalllogs?call=${call_id}`);
  };
  return (
    <Box component="li" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <UnstyledButton onClick={open} w="100%" px="sm" py="xs" data-unread={read ? undefined : true}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Box
            mt={6}
            w={8}
            h={8}
            style={{ borderRadius: '50%', flex: 'none' }}
            bg={read ? 'transparent' : 'blue'}
            aria-label={read ? undefined : t('notifications.unread')}
            role={read ? undefined : 'img'}
          />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={read ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
              {text}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(created_at)}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
    </Box>
  );
}
