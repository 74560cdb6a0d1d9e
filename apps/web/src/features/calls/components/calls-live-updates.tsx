import { useCallsLive } from '../live';

/** Keeps the call log live in the whole signed-in app, so an urgent call alerts on any screen. */
export function CallsLiveUpdates() {
  useCallsLive();
  return null;
}
