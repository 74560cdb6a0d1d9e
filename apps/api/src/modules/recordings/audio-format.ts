import fs from 'node:fs';
import type { RecordingContentType } from '@phonebot/shared/recordings';

/**
 * What a recording is, from its bytes: the magic numbers of WAV (RIFF…WAVE), Ogg (OggS), WebM (an EBML header whose
 * doctype is webm) and MP3 (an ID3 tag or an MPEG audio frame header), and its duration where that is cheap: a WAV
 * header, an MP3's Xing/Info or VBRI header, or else its frames counted in one streamed pass, and an Ogg file's last
 * granule position over its Opus or Vorbis sample rate. Nothing else is decoded (WebM: null).
 */

/** The bytes the type is told from (an MP3's ID3 tag is skipped by reading further). */
export const SNIFF_BYTES = 64;

/** The extension a type is stored under (lib/file-store.ts names the type by it). */
export const EXTENSION: Record<RecordingContentType, string> = {
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
};

const ascii = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/** The type of a recording from its first bytes, or null when it is none of the four. */
export function sniffAudio(head: Buffer): RecordingContentType | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'audio/wav';
  if (ascii(head, 0, 'OggS')) return 'audio/ogg';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    // The EBML header holds the DocType element (0x4282) near its start: "webm" (Matroska files say "matroska").
    return head.includes(Buffer.from([0x42, 0x82])) && head.includes(Buffer.from('webm', 'latin1'))
      ? 'audio/webm'
      : null;
  }
  if (ascii(head, 0, 'ID3') && head.length >= 10 && head[3]! < 0xff && head[4]! < 0xff) return 'audio/mpeg';
  return frameAt(head, 0) ? 'audio/mpeg' : null;
}

type Frame = { size: number; samples: number; sampleRate: number; sideInfo: number };

const BITRATES_KBPS = {
  // MPEG-1 layers I, II, III; MPEG-2/2.5 layers I, II and III.
  v1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** The MPEG audio frame whose header starts at `at`, or null when the four bytes there are none. */
function frameAt(bytes: Buffer, at: number): Frame | null {
  if (bytes.length < at + 4) return null;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = 4 - ((b1 >> 1) & 3); // 1, 2 or 3
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const bitrate = BITRATES_KBPS[version === 3 ? 'v1' : 'v2'][layer - 1]![bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 1;
  const mono = bytes[at + 3]! >> 6 === 3;
  const samples = layer === 1 ? 384 : layer === 2 || version === 3 ? 1152 : 576;
  const size =
    layer === 1
      ? Math.floor((12 * bitrate) / sampleRate + padding) * 4
      : Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  const sideInfo = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
  return size >= 4 ? { size, samples, sampleRate, sideInfo } : null;
}

/** The duration of a stored recording in seconds (3 decimals), or null where it is not cheap to know. */
export async function audioDuration(file: string, type: RecordingContentType): Promise<number | null> {
  const read = { 'audio/wav': wavDuration, 'audio/mpeg': mp3Duration, 'audio/ogg': oggDuration, 'audio/webm': null }[
    type
  ];
  const seconds = read ? await read(file) : null;
  return seconds === null || !Number.isFinite(seconds) || seconds < 0 ? null : Math.round(seconds * 1000) / 1000;
}

async function readAt(file: string, at: number, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, at);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A WAV file's `data` bytes over the `fmt ` chunk's byte rate (a streamed file's unknown size: the rest of the file). */
async function wavDuration(file: string): Promise<number | null> {
  const { size } = await fs.promises.stat(file);
  let byteRate = 0;
  for (let at = 12; at + 8 <= size;) {
    const header = await readAt(file, at, 24);
    if (header.length < 8) return null;
    const id = header.toString('latin1', 0, 4);
    const length = header.readUInt32LE(4);
    if (id === 'fmt ' && header.length >= 20) byteRate = header.readUInt32LE(16);
    if (id === 'data') {
      if (byteRate === 0) return null;
      const data = length === 0 || length === 0xffffffff ? size - at - 8 : Math.min(length, size - at - 8);
      return data / byteRate;
    }
    at += 8 + length + (length % 2);
  }
  return null;
}

/** An ID3v2 tag's length at the start of a file (syncsafe size, header and footer), or 0. */
function id3Length(head: Buffer): number {
  if (!ascii(head, 0, 'ID3') || head.length < 10) return 0;
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
  return 10 + size + (head[5]! & 0x10 ? 10 : 0);
}

/** The Xing/Info or VBRI header's frame count in the first frame, or null without one. */
function headerFrames(frameBytes: Buffer, frame: Frame): number | null {
  const xing = 4 + frame.sideInfo;
  if (ascii(frameBytes, xing, 'Xing') || ascii(frameBytes, xing, 'Info')) {
    const flags = frameBytes.length >= xing + 8 ? frameBytes.readUInt32BE(xing + 4) : 0;
    return flags & 1 && frameBytes.length >= xing + 12 ? frameBytes.readUInt32BE(xing + 8) : null;
  }
  if (ascii(frameBytes, 36, 'VBRI') && frameBytes.length >= 36 + 18) return frameBytes.readUInt32BE(36 + 14);
  return null;
}

/** An MP3's duration: its Xing/Info or VBRI frame count, or its frames walked in one streamed pass. */
async function mp3Duration(file: string): Promise<number | null> {
  const start = id3Length(await readAt(file, 0, 10));
  const first = await readAt(file, start, 256);
  const frame = frameAt(first, 0);
  if (!frame) return null;
  const frames = headerFrames(first, frame);
  if (frames !== null) return (frames * frame.samples) / frame.sampleRate;
  let seconds = 0;
  let skip = 0;
  let carry = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(file, { start, highWaterMark: 256 * 1024 })) {
    const bytes = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    let at = skip;
    for (;;) {
      if (at + 4 > bytes.length) break;
      const next = frameAt(bytes, at);
      if (!next) return seconds > 0 ? seconds : null; // trailing tags (ID3v1, APE) or garbage: the frames end here
      seconds += next.samples / next.sampleRate;
      at += next.size;
    }
    if (at >= bytes.length) {
      skip = at - bytes.length;
      carry = Buffer.alloc(0);
    } else {
      skip = 0;
      carry = Buffer.from(bytes.subarray(at));
    }
  }
  return seconds > 0 ? seconds : null;
}

/** The bytes read from an Ogg file's end for its last page. */
const OGG_TAIL = 64 * 1024;

/**
 * An Ogg file's duration: the granule position of its last page (samples at 48 kHz for Opus, less its pre-skip; at
 * the stream's rate for Vorbis), read from the identification header of the first page.
 */
async function oggDuration(file: string): Promise<number | null> {
  const first = await readAt(file, 0, 512);
  if (!ascii(first, 0, 'OggS') || first.length < 27) return null;
  const body = 27 + first[26]!;
  let rate: number;
  let skip = 0;
  if (ascii(first, body, 'OpusHead') && first.length >= body + 12) {
    rate = 48_000;
    skip = first.readUInt16LE(body + 10);
  } else if (first[body] === 1 && ascii(first, body + 1, 'vorbis') && first.length >= body + 16) {
    rate = first.readUInt32LE(body + 12);
  } else return null;
  const { size } = await fs.promises.stat(file);
  const tail = await readAt(file, Math.max(0, size - OGG_TAIL), OGG_TAIL);
  for (let at = tail.lastIndexOf('OggS'); at >= 0; at = at > 0 ? tail.lastIndexOf('OggS', at - 1) : -1) {
    if (at + 14 > tail.length) continue;
    const granule = tail.readBigInt64LE(at + 6);
    // -1: no packet ends on this page.
    if (granule >= 0n) return rate > 0 ? Math.max(0, Number(granule) - skip) / rate : null;
  }
  return null;
}
