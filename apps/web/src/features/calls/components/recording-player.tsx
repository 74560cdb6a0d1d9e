import type { KeyboardEvent, ReactNode } from 'react';
import { ActionIcon, Group, Paper, SegmentedControl, Slider, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDownload, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Recording } from '@phonebot/shared/recordings';
import { registerTranslations } from '../../../lib/i18n';
import { recordingTranslations } from '../recording-locales';
import { recordingUrl, useRecordingAudio } from './use-recording-audio';

registerTranslations(recordingTranslations);

type Turn = { text: string; action: string; start_s?: number };
export type RecordingCall = {
  id: number;
  recording?: Recording;
  recording_error?: string | null;
  response: readonly Turn[];
};

const SPEEDS = ['1', '1.5', '2'] as const;
const STEP_S = 5;
/** Touch targets: 44 px. */
const TARGET = 44;

/** `m:ss` (or `h:mm:ss`) of seconds. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The turns that say when they began, and the one being spoken at `time` (the last one begun). */
function timedTurns(turns: readonly Turn[]) {
  return turns.flatMap((turn, index) =>
    typeof turn.start_s === 'number' && turn.text.trim() !== '' ? [{ ...turn, start_s: turn.start_s, index }] : [],
  );
}

/**
 * A call's recording: play and pause, a seek bar, 1x/1.5x/2x, download and the time. With the conversation's turns
 * timed, it shows them itself, the one being spoken highlighted, each a button that plays from there; otherwise the
 * conversation (`children`) follows it. Space toggles and the arrow keys seek while the player has the focus.
 */
export function RecordingPlayer({ call, children }: { call: RecordingCall; children: ReactNode }) {
  const { t } = useTranslation();
  if (!call.recording) {
    return (
      <>
        {call.recording_error && (
          <Text size="sm" c="dimmed" data-recording-error>
            {t('recording.unavailable', { reason: call.recording_error })}
          </Text>
        )}
        {children}
      </>
    );
  }
  const turns = timedTurns(call.response);
  return (
    <Player key={call.id} callId={call.id} recording={call.recording} turns={turns}>
      {turns.length === 0 && children}
    </Player>
  );
}

function Player(props: {
  callId: number;
  recording: NonNullable<Recording>;
  turns: ReturnType<typeof timedTurns>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { ref, ...audio } = useRecordingAudio(props.callId, props.recording.duration_seconds);
  const { playing, current, duration } = audio;
  const spoken = props.turns.findLast((turn) => turn.start_s <= current + 0.05);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const own = event.target === event.currentTarget;
    if (event.key === ' ' && own) audio.toggle();
    else if (event.key === 'ArrowLeft' && own) audio.seek(current - STEP_S);
    else if (event.key === 'ArrowRight' && own) audio.seek(current + STEP_S);
    else return;
    // The inbox's own keys do not see what the player took.
    event.preventDefault();
    event.stopPropagation();
  };

  const download = async () => {
    const link = document.createElement('a');
    link.href = await recordingUrl(props.callId);
    link.download = `call-${props.callId}`;
    document.body.append(link);
    link.click();
    link.remove();
  };

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="xs"
        role="group"
        tabIndex={0}
        aria-label={t('recording.label')}
        aria-description={t('recording.keys')}
        onKeyDown={onKeyDown}
        data-recording-player={props.callId}
      >
        <audio ref={ref} src={audio.src ?? undefined} preload={audio.src ? 'auto' : 'none'} data-recording-audio />
        <Group gap="xs" wrap="wrap">
          <ActionIcon
            size={TARGET}
            radius="xl"
            aria-label={playing ? t('recording.pause') : t('recording.play')}
            onClick={audio.toggle}
          >
            {playing ? <IconPlayerPauseFilled size={20} aria-hidden /> : <IconPlayerPlayFilled size={20} aria-hidden />}
          </ActionIcon>
          <Slider
            style={{ flex: '1 1 160px', minHeight: TARGET, display: 'flex', alignItems: 'center' }}
            min={0}
            max={Math.max(duration, 0.001)}
            step={0.1}
            value={Math.min(current, duration)}
            onChange={(value) => audio.seek(value)}
            label={(value) => clock(value)}
            thumbSize={20}
            thumbLabel={t('recording.seek')}
          />
          <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} data-recording-time>
            {t('recording.time', { current: clock(current), total: clock(duration) })}
          </Text>
          <SegmentedControl
            aria-label={t('recording.speed')}
            data={SPEEDS.map((speed) => ({ value: speed, label: `${speed}x` }))}
            value={String(audio.rate)}
            onChange={(value) => audio.setRate(Number(value))}
            styles={{ label: { minHeight: TARGET - 8, minWidth: TARGET, display: 'grid', placeItems: 'center' } }}
          />
          <ActionIcon size={TARGET} variant="default" aria-label={t('recording.download')} onClick={download}>
            <IconDownload size={20} aria-hidden />
          </ActionIcon>
        </Group>
        {audio.failed && (
          <Text size="sm" c="red" mt="xs" role="alert">
            {t('recording.failed')}
          </Text>
        )}
      </Paper>
      {props.turns.length > 0 && (
        <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {props.turns.map((turn) => {
            const active = turn === spoken;
            return (
              <li key={turn.index}>
                <UnstyledButton
                  w="100%"
                  p="xs"
                  mih={TARGET}
                  aria-current={active ? 'true' : undefined}
                  aria-label={`${t('recording.turnAt', { time: clock(turn.start_s) })}: ${turn.text}`}
                  onClick={() => audio.seek(turn.start_s, true)}
                  data-turn-start={turn.start_s}
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: active ? 'var(--mantine-color-portal-light)' : undefined,
                    fontWeight: active ? 600 : undefined,
                  }}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Text size="xs" c="dimmed" miw="3.2em" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {clock(turn.start_s)}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {turn.text}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      )}
      {props.children}
    </Stack>
  );
}
