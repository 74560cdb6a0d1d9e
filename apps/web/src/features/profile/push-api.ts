import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushRoutes, type PushSubscriptionResource } from '@phonebot/shared/push';
import { callApi } from '../../lib/api-client';
import { profileKeys } from './api';

/** The signed-in user's browsers with push on, and turning push on and off for this one (My profile). */

const pushKey = [...profileKeys.all, 'push-subscriptions'] as const;

export function usePushSubscriptions() {
  return useQuery({
    queryKey: pushKey,
    queryFn: async ({ signal }): Promise<PushSubscriptionResource[]> =>
      (await callApi(pushRoutes.listPushSubscriptions, {}, { signal })).data,
  });
}

/** The server's VAPID public key as the browser's applicationServerKey takes it (the bytes of its base64url). */
export async function fetchApplicationServerKey(): Promise<Uint8Array<ArrayBuffer>> {
  const key = (await callApi(pushRoutes.getVapidPublicKey, {})).meta.public_key;
  const base64 = key.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A browser's subscription as PushSubscription.toJSON() gives it. */
type SubscriptionJson = { endpoint: string; expirationTime: number | null; keys: { p256dh: string; auth: string } };

function usePushMutation<I>(mutationFn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => void queryClient.invalidateQueries({ queryKey: pushKey }) });
}

export function useSavePushSubscription() {
  return usePushMutation((subscription: SubscriptionJson) =>
    callApi(pushRoutes.createPushSubscription, {
      body: { data: { type: 'push-subscriptions', attributes: subscription } },
    }),
  );
}

export function useRemovePushSubscription() {
  return usePushMutation((id: number) => callApi(pushRoutes.deletePushSubscription, { params: { id } }));
}
