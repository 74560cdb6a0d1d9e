import { useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE, contractPath } from '@phonebot/shared';
import { recordingRoutes } from '@phonebot/shared/recordings';
import { callApi } from '../../../lib/api-client';

/** A URL of the call's recording that opens it once: an `<audio>` element cannot send the Bearer header. */
export async function recordingUrl(callId: number): Promise<string> {
  const { meta } = await callApi(recordingRoutes.createRecordingTicket, { params: { id: callId } });
  const path = contractPath(recordingRoutes.getCallRecording.path, { id: callId });
  return `${API_BASE}${path}?ticket=${encodeURIComponent(meta.ticket)}`;
}

/**
 * The state of one `<audio>` element playing a call's recording. The element gets its URL with a fresh ticket at the
 * first play; the ticket's answer sets a cookie that signs in the element's further requests of the recording (the
 * parts it seeks to) for an hour. A read that fails after that (the cookie expired) takes a fresh ticket and
 * resumes where it was.
 */
export function useRecordingAudio(callId: number, knownDuration: number | null) {
  const ref = useRef<HTMLAudioElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(knownDuration ?? 0);
  const [rate, setRateState] = useState(1);
  const [failed, setFailed] = useState(false);
  /** Where to go, and whether to play, once the new URL's metadata is read. */
  const resume = useRef<{ at: number; play: boolean } | null>(null);
  const retried = useRef(0);

  const load = useCallback(
    async (at: number, play: boolean) => {
      resume.current = { at, play };
      try {
        setSrc(await recordingUrl(callId));
        setFailed(false);
      } catch {
        setFailed(true);
      }
    },
    [callId],
  );

  const play = useCallback(() => {
    const audio = ref.current;
    if (!audio) return;
    if (!src) return void load(current, true);
    void audio.play().catch(() => setPlaying(false));
  }, [src, load, current]);

  const pause = useCallback(() => ref.current?.pause(), []);
  const toggle = useCallback(() => (playing ? pause() : play()), [playing, pause, play]);

  const seek = useCallback(
    (to: number, andPlay = false) => {
      const audio = ref.current;
      const at = Math.max(0, duration > 0 ? Math.min(to, duration) : to);
      setCurrent(at);
      if (!audio) return;
      if (!src) return void load(at, andPlay || playing);
      audio.currentTime = at;
      if (andPlay) void audio.play().catch(() => setPlaying(false));
    },
    [duration, src, load, playing],
  );

  const setRate = useCallback((value: number) => {
    setRateState(value);
    if (ref.current) ref.current.playbackRate = value;
  }, []);

  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    const onMeta = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) setDuration(audio.duration);
      audio.playbackRate = rate;
      const next = resume.current;
      resume.current = null;
      if (!next) return;
      if (next.at > 0) audio.currentTime = next.at;
      if (next.play) void audio.play().catch(() => setPlaying(false));
    };
    const onTime = () => setCurrent(audio.currentTime);
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    const onError = () => {
      // A read after the ticket was used (the element asked again): a fresh URL, from where it was, twice at most.
      if (retried.current >= 2) return setFailed(true);
      retried.current += 1;
      void load(audio.currentTime || current, !audio.paused || playing);
    };
    const onPlaying = () => {
      retried.current = 0;
    };
    const listeners: [string, () => void][] = [
      ['loadedmetadata', onMeta],
      ['timeupdate', onTime],
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
      ['error', onError],
      ['playing', onPlaying],
    ];
    for (const [event, listener] of listeners) audio.addEventListener(event, listener);
    return () => {
      for (const [event, listener] of listeners) audio.removeEventListener(event, listener);
    };
  }, [rate, load, current, playing]);

  return { ref, src, playing, current, duration, rate, failed, toggle, seek, setRate };
}
