import type { FeatureTranslations } from '../../lib/i18n';

/** The texts of a call's recording player. */
const en = {
  recording: {
    label: 'Recording of the call',
    play: 'Play',
    pause: 'Pause',
    seek: 'Position in the recording',
    speed: 'Playback speed',
    download: 'Download the recording',
    time: '{{current}} of {{total}}',
    keys: 'Space plays or pauses; the arrow keys go back or forward 5 seconds.',
    turnAt: 'Play from {{time}}',
    failed: 'The recording could not be played. Try again.',
    unavailable: 'The recording could not be fetched from the platform: {{reason}}',
  },
};

export const recordingTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    recording: {
      label: 'Aufnahme des Anrufs',
      play: 'Abspielen',
      pause: 'Pause',
      seek: 'Position in der Aufnahme',
      speed: 'Wiedergabegeschwindigkeit',
      download: 'Aufnahme herunterladen',
      time: '{{current}} von {{total}}',
      keys: 'Leertaste spielt ab oder pausiert; die Pfeiltasten springen 5 Sekunden zurück oder vor.',
      turnAt: 'Ab {{time}} abspielen',
      failed: 'Die Aufnahme konnte nicht abgespielt werden. Bitte erneut versuchen.',
      unavailable: 'Die Aufnahme konnte nicht von der Plattform geholt werden: {{reason}}',
    },
  },
};
