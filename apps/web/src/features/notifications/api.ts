import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENT, type NotificationResource, notificationRoutes } from '@phonebot/shared/notifications';
import { callApi } from '../../lib/api-client';
import { onLiveOpen, subscribeLive, useLiveState } from '../../lib/live-events';

/** The newest notifications the bell lists. */
export const BELL_PAGE_SIZE = 20;
/** While the live connection is down, the bell asks again this often. */
const POLL_MS = 60_000;

const notificationsKey = ['notifications'] as const;

export type NotificationList = { items: NotificationResource[]; unread: number; total: number };

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationsKey,
    queryFn: async ({ signal }): Promise<NotificationList> => {
      const answer = await callApi(
        notificationRoutes.listNotifications,
        { query: { 'page[size]': BELL_PAGE_SIZE } },
        { signal },
      );
      return { items: answer.data, unread: answer.meta.unread, total: answer.meta.total };
    },
  });

/** The user's newest notifications and unread count, kept fresh by the live events (polled while they are down). */
export function useNotifications(enabled: boolean) {
  const queryClient = useQueryClient();
  const live = useLiveState();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsKey });
    const unsubscribe = subscribeLive([NOTIFICATION_EVENT], refresh);
    // Back after a break: what came meanwhile is read once.
    const unlisten = onLiveOpen(({ resumed }) => resumed && refresh());
    return () => {
      unsubscribe();
      unlisten();
    };
  }, [enabled, queryClient]);
  return useQuery({
    ...notificationsQuery(),
    enabled,
    refetchInterval: live === 'open' ? false : POLL_MS,
  });
}

/** Marks one notification read; the list shows it read at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await callApi(notificationRoutes.updateNotification, {
          params: { id },
          body: { data: { type: 'notifications' as const, id, attributes: { read: true } } },
        })
      ).data,
    onMutate: (id) => {
      queryClient.setQueryData<NotificationList>(notificationsKey, (list) => {
        if (!list) return list;
        const target = list.items.find((item) => item.id === id);
        if (!target || target.attributes.read) return list;
        return {
          ...list,
          unread: Math.max(0, list.unread - 1),
          items: list.items.map((item) =>
            item.id === id ? { ...item, attributes: { ...item.attributes, read: true } } : item,
          ),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(notificationRoutes.markAllNotificationsRead)).meta,
    onSuccess: () => {
      queryClient.setQueryData<NotificationList>(notificationsKey, (list) =>
        list
          ? {
              ...list,
              unread: 0,
              items: list.items.map((i) => ({ ...i, attributes: { ...i.attributes, read: true } })),
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
