import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RecordingContentType } from '@phonebot/shared/recordings';
import { SNIFF_BYTES, audioDuration, sniffAudio } from './audio-format';

/** A recording's bytes written to a file of its own beside the store, with what was learnt of them on the way. */
export type SpooledRecording = {
  file: string;
  size: number;
  contentType: RecordingContentType;
  durationSeconds: number | null;
  /** Removes the file (always called, whatever became of it). */
  discard: () => Promise<void>;
};

/** The body was larger than the limit: nothing was kept. */
export class RecordingTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`a recording may have at most ${maxBytes} bytes`);
  }
}

/** The bytes are none of the audio types a recording may be: nothing was kept. */
export class NotAudioError extends Error {
  constructor() {
    super('the bytes are not MP3, WAV, Ogg or WebM audio');
  }
}

/** A transform that counts the bytes and keeps the first few, failing once more than `maxBytes` passed. */
function limited(maxBytes: number) {
  let size = 0;
  const head: Buffer[] = [];
  let headLength = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new RecordingTooLargeError(maxBytes));
      // The ID3 tag of an MP3 may come first: up to 10 bytes more tell its length, SNIFF_BYTES tell the rest.
      if (headLength < SNIFF_BYTES) {
        head.push(chunk.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
      done(null, chunk);
    },
  });
  return { stream, size: () => size, head: () => Buffer.concat(head) };
}

/**
 * Streams a recording's bytes to a temporary file (never whole in memory), refusing more than `maxBytes` as they
 * come and bytes that are not audio, and reads its duration where that is cheap. The caller stores the file and
 * then discards it.
 */
export async function spoolRecording(source: Readable, maxBytes: number): Promise<SpooledRecording> {
  const file = path.join(os.tmpdir(), `pbp-recording-${crypto.randomBytes(12).toString('hex')}`);
  const discard = () => fs.promises.rm(file, { force: true });
  const counter = limited(maxBytes);
  try {
    // The source is piped, not part of the pipeline: a refused upload leaves the request unread (its connection is
    // closed after the answer) instead of destroying the socket the answer goes out on.
    const cut = () => {
      if (!source.readableEnded) counter.stream.destroy(new Error('the recording was cut off'));
    };
    source.once('error', (error) => counter.stream.destroy(error));
    source.once('close', cut);
    source.pipe(counter.stream);
    try {
      await pipeline(counter.stream, fs.createWriteStream(file, { mode: 0o600 }));
    } finally {
      source.unpipe(counter.stream);
      source.off('close', cut);
    }
    const contentType = sniffAudio(counter.head());
    if (!contentType) throw new NotAudioError();
    const durationSeconds = await audioDuration(file, contentType).catch(() => null);
    return { file, size: counter.size(), contentType, durationSeconds, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}
