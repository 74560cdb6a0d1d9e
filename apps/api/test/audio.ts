/** Small audio files made in memory for the recordings tests and benchmark: real headers, silent content. */

/** A PCM WAV file: `seconds` of 8 kHz, 16-bit mono silence (16,000 bytes a second) plus its 44-byte header. */
export function wavFile(seconds: number, sampleRate = 8000): Buffer {
  const byteRate = sampleRate * 2;
  const data = Math.round(seconds * byteRate);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(byteRate, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

/** One MPEG-1 layer III frame header: 128 kbit/s, 44.1 kHz, stereo; the frame has 417 bytes and 1,152 samples. */
const MP3_HEADER = Buffer.from([0xff, 0xfb, 0x90, 0x00]);
const MP3_FRAME_BYTES = 417;
/** Seconds of one frame of MP3_HEADER. */
export const MP3_FRAME_SECONDS = 1152 / 44100;

/** An MP3 of `frames` silent frames, after an ID3v2 tag when `id3`; with `xing`, its first frame is an Xing header. */
export function mp3File(frames: number, options: { id3?: boolean; xing?: number } = {}): Buffer {
  const frame = () => {
    const bytes = Buffer.alloc(MP3_FRAME_BYTES);
    MP3_HEADER.copy(bytes, 0);
    return bytes;
  };
  const parts: Buffer[] = [];
  if (options.id3) {
    const tag = Buffer.alloc(10 + 20);
    tag.write('ID3', 0, 'latin1');
    tag[3] = 3;
    tag[9] = 20; // syncsafe size
    parts.push(tag);
  }
  if (options.xing !== undefined) {
    const first = frame();
    first.write('Xing', 36, 'latin1');
    first.writeUInt32BE(1, 40); // frames field present
    first.writeUInt32BE(options.xing, 44);
    parts.push(first);
  }
  for (let i = 0; i < frames; i++) parts.push(frame());
  return Buffer.concat(parts);
}

/** An Ogg page: its header with one segment of `payload`, at `granule`. */
function oggPage(granule: bigint, payload: Buffer): Buffer {
  const header = Buffer.alloc(28);
  header.write('OggS', 0, 'latin1');
  header.writeBigInt64LE(granule, 6);
  header[26] = 1;
  header[27] = payload.length;
  return Buffer.concat([header, payload]);
}

/**
 * An Ogg file of `bytes`: with `opusSeconds`, an Opus stream (OpusHead with a pre-skip of 312, a last page at the
 * granule of that many seconds at 48 kHz); otherwise only a capture pattern and bytes the type is told from.
 */
export function oggFile(bytes = 2000, opusSeconds?: number): Buffer {
  if (opusSeconds === undefined) {
    const file = Buffer.alloc(bytes, 7);
    file.write('OggS', 0, 'latin1');
    return file;
  }
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(48_000, 12);
  const first = oggPage(0n, head);
  const last = oggPage(BigInt(Math.round(opusSeconds * 48_000) + 312), Buffer.alloc(100, 1));
  return Buffer.concat([first, Buffer.alloc(Math.max(0, bytes - first.length - last.length), 9), last]);
}

/** A WebM file's EBML header (DocType "webm") and some bytes after it. */
export function webmFile(bytes = 2000): Buffer {
  const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]);
  const file = Buffer.alloc(bytes, 3);
  header.copy(file, 0);
  file.write('webm', header.length, 'latin1');
  return file;
}
