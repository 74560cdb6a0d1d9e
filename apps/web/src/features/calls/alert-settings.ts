import { useSyncExternalStore } from 'react';
import { CALL_PRIORITIES, type CallPriority } from '@phonebot/shared/calls';
import { i18n } from '../../lib/i18n';

/**
 * A user's choice of alerts for urgent calls. It is kept in this browser's localStorage: the notification
 * permission it needs is the browser's too, and a sound only makes sense on the device at hand.
 */
export type AlertSettings = { priorities: CallPriority[]; notify: boolean; sound: boolean };

const SETTINGS_KEY = 'phonebot_urgent_alerts';

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  priorities: ['Important Callback', 'Transferred'],
  notify: false,
  sound: false,
};

const listeners = new Set<() => void>();
let cached: { raw: string | null; settings: AlertSettings } | undefined;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(SETTINGS_KEY);
  } catch {
    return null;
  }
}

export function alertSettings(): AlertSettings {
  const raw = readRaw();
  if (cached?.raw === raw) return cached.settings;
  let settings = DEFAULT_ALERT_SETTINGS;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<AlertSettings>) : {};
    settings = {
      priorities: Array.isArray(parsed.priorities)
        ? CALL_PRIORITIES.filter((priority) => parsed.priorities!.includes(priority))
        : DEFAULT_ALERT_SETTINGS.priorities,
      notify: parsed.notify === true,
      sound: parsed.sound === true,
    };
  } catch {
    // A damaged entry counts as no choice.
  }
  cached = { raw, settings };
  return settings;
}

export function saveAlertSettings(settings: AlertSettings): void {
  try {
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Without storage the choice lasts until the page is reloaded.
    cached = { raw: readRaw(), settings };
  }
  for (const listener of listeners) listener();
}

export function useAlertSettings(): AlertSettings {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === SETTINGS_KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }, alertSettings);
}

export function notificationsSupported(): boolean {
  return typeof window.Notification === 'function';
}

let audio: AudioContext | undefined;

/**
 * Browsers let a page play sound only after the user interacted with it: the audio context is made ready on a
 * click, so a later alert can sound while the tab is in the background.
 */
export function prepareSound(): void {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch {
    // No Web Audio: the alert stays silent.
  }
}

/** Two short tones. */
export function playChime(): void {
  if (!audio) prepareSound();
  if (!audio) return;
  const start = audio.currentTime + 0.01;
  for (const [offset, frequency] of [
    [0, 880],
    [0.22, 660],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.21);
  }
}

export function showNotification(title: string, body: string, tag: string): void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag, lang: i18n.language });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Some browsers allow notifications only from a service worker; the sound (if chosen) still plays.
  }
}
