import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../../lib/i18n';
import { alertSettings, playChime, showNotification } from './alert-settings';
import { callDetailQuery } from './api';

const CLAIMS_KEY = 'phonebot_alerted_calls';
const CLAIMS_KEPT = 50;

/** Whether the user looks at this tab right now. */
function tabFocused(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/** The first of the user's tabs to claim a call alerts (or, when focused, decides that nobody needs to). */
async function claim(callId: number): Promise<boolean> {
  const take = () => {
    let seen: number[] = [];
    try {
      seen = JSON.parse(window.localStorage.getItem(CLAIMS_KEY) ?? '[]') as number[];
      if (seen.includes(callId)) return false;
      window.localStorage.setItem(CLAIMS_KEY, JSON.stringify([...seen.slice(1 - CLAIMS_KEPT), callId]));
    } catch {
      // Without storage every tab decides for itself.
    }
    return true;
  };
  try {
    return navigator.locks ? await navigator.locks.request('phonebot-call-alerts', take) : take();
  } catch {
    return take();
  }
}

/**
 * A new call arrived on the stream: when its priority is one the user chose and no tab of theirs is being looked
 * at, this browser shows a notification and/or plays the sound.
 */
export async function alertIfUrgent(queryClient: QueryClient, callId: number): Promise<void> {
  const settings = alertSettings();
  if ((!settings.notify && !settings.sound) || settings.priorities.length === 0) return;
  if (!(await claim(callId)) || tabFocused()) return;
  const call = await queryClient.fetchQuery(callDetailQuery(callId)).catch(() => undefined);
  if (!call || !settings.priorities.includes(call.priority)) return;
  if (settings.notify) {
    showNotification(
      i18n.t('callsLive.alerts.notificationTitle', { priority: i18n.t(`calls.priorities.${call.priority}`) }),
      i18n.t('callsLive.alerts.notificationBody', { caller: call.caller_number, phonebot: call.bezeichnung }),
      `call-${callId}`,
    );
  }
  if (settings.sound) playChime();
}
