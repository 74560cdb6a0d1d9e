import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiStub } from '../../test/api';
import { renderScreen, signIn } from '../../test/render';
import { type RecordingCall, RecordingPlayer, clock } from './components/recording-player';

const recording = { duration_seconds: 90, content_type: 'audio/mpeg' as const, size: 1_440_000 };

function call(extra: Partial<RecordingCall> = {}): RecordingCall {
  return {
    id: 42,
    recording,
    recording_error: null,
    response: [
      { text: 'Hello, how can I help?', action: 'BotResponseText', start_s: 0 },
      { text: 'I need a callback.', action: 'UserRecognizedText', start_s: 4.5 },
      { text: 'Sure, when suits you?', action: 'BotResponseText', start_s: 30 },
    ],
    ...extra,
  };
}

let tickets = 0;
const played = vi.fn();
const paused = vi.fn();

beforeEach(() => {
  tickets = 0;
  signIn('user');
  apiStub.on('POST', '/calls/42/recording/ticket', () => ({
    body: { meta: { ticket: `pbr_ticket${++tickets}`, expires_in: 60 } },
  }));
  // happy-dom plays nothing: play and pause only tell the element's listeners, as a browser does.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played();
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused();
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  played.mockReset();
  paused.mockReset();
});

const audioElement = () => document.querySelector('audio[data-recording-audio]') as HTMLAudioElement;

describe('the recording player', () => {
  it('plays with a fresh ticket, pauses, changes the speed, and shows the time', async () => {
    const { user } = await renderScreen(<RecordingPlayer call={call()}>{null}</RecordingPlayer>);
    expect(screen.getByText('0:00 of 1:30')).toBeTruthy();
    expect(audioElement().getAttribute('src')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() =>
      expect(audioElement().getAttribute('src')).toBe('/api/v2/calls/42/recording?ticket=pbr_ticket1'),
    );
    fireEvent(audioElement(), new Event('loadedmetadata'));
    expect(played).toHaveBeenCalledTimes(1);
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(paused).toHaveBeenCalledTimes(1);

    await user.click(screen.getByText('1.5x'));
    expect(audioElement().playbackRate).toBe(1.5);
    await user.click(screen.getByText('2x'));
    expect(audioElement().playbackRate).toBe(2);
  });

  it('highlights the turn being spoken, and a click on a turn plays from there', async () => {
    const { user } = await renderScreen(<RecordingPlayer call={call()}>{null}</RecordingPlayer>);
    const turn = (name: RegExp) => screen.getByRole('button', { name });
    expect(turn(/^Play from 0:00: Hello/).getAttribute('aria-current')).toBe('true');

    await user.click(turn(/^Play from 0:04: I need a callback/));
    await waitFor(() => expect(audioElement().getAttribute('src')).toContain('ticket=pbr_ticket1'));
    fireEvent(audioElement(), new Event('loadedmetadata'));
    expect(audioElement().currentTime).toBe(4.5);
    expect(played).toHaveBeenCalled();
    fireEvent(audioElement(), new Event('timeupdate'));
    await waitFor(() => expect(turn(/^Play from 0:04/).getAttribute('aria-current')).toBe('true'));
    expect(turn(/^Play from 0:00/).getAttribute('aria-current')).toBeNull();

    audioElement().currentTime = 31;
    fireEvent(audioElement(), new Event('timeupdate'));
    await waitFor(() => expect(turn(/^Play from 0:30/).getAttribute('aria-current')).toBe('true'));
  });

  it('answers the keyboard while it has the focus: space toggles, the arrows seek', async () => {
    const { user } = await renderScreen(<RecordingPlayer call={call()}>{null}</RecordingPlayer>);
    const player = screen.getByRole('group', { name: 'Recording of the call' });
    player.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(audioElement().getAttribute('src')).toContain('pbr_ticket1'));
    fireEvent(audioElement(), new Event('loadedmetadata'));
    expect(played).toHaveBeenCalledTimes(1);
    player.focus();
    await user.keyboard('{ArrowRight}');
    expect(audioElement().currentTime).toBe(5);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(audioElement().currentTime).toBe(0);
    // The element reads where it seeks with the cookie its ticket set: no new ticket.
    expect(audioElement().getAttribute('src')).toContain('pbr_ticket1');
    await user.keyboard(' ');
    expect(paused).toHaveBeenCalled();
  });

  it('keeps touch targets of 44 px and offers the download', async () => {
    const { user } = await renderScreen(<RecordingPlayer call={call()}>{null}</RecordingPlayer>);
    const play = screen.getByRole('button', { name: 'Play' });
    expect(play.style.getPropertyValue('--ai-size')).toBe('calc(2.75rem * var(--mantine-scale))');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Download the recording' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toContain('/api/v2/calls/42/recording?ticket=pbr_ticket1');
    expect(link.download).toBe('call-42');
  });

  it('takes a fresh ticket and resumes where it was when a read fails', async () => {
    const { user } = await renderScreen(<RecordingPlayer call={call()}>{null}</RecordingPlayer>);
    await user.click(screen.getByRole('button', { name: /^Play$/ }));
    await waitFor(() => expect(audioElement().getAttribute('src')).toContain('pbr_ticket1'));
    fireEvent(audioElement(), new Event('loadedmetadata'));
    audioElement().currentTime = 12;
    fireEvent(audioElement(), new Event('error'));
    await waitFor(() => expect(audioElement().getAttribute('src')).toContain('pbr_ticket2'));
    audioElement().currentTime = 0;
    fireEvent(audioElement(), new Event('loadedmetadata'));
    expect(audioElement().currentTime).toBe(12);
    expect(played).toHaveBeenCalledTimes(2);
  });

  it('shows the conversation as it is without timed turns, and nothing of a player without a recording', async () => {
    const untimed = call({ response: [{ text: 'Hello', action: 'BotResponseText' }] });
    await renderScreen(
      <RecordingPlayer call={untimed}>
        <p>the conversation</p>
      </RecordingPlayer>,
    );
    expect(screen.getByText('the conversation')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Recording of the call' })).toBeTruthy();
  });

  it('says why a platform’s recording is missing, in German too', async () => {
    await renderScreen(
      <RecordingPlayer call={call({ recording: null, recording_error: 'the platform answered 404' })}>
        <p>the conversation</p>
      </RecordingPlayer>,
      { language: 'de' },
    );
    expect(screen.queryByRole('group')).toBeNull();
    expect(
      screen.getByText(/Die Aufnahme konnte nicht von der Plattform geholt werden: the platform answered 404/),
    ).toBeTruthy();
    expect(clock(3725)).toBe('1:02:05');
  });
});
