import sharp from 'sharp';

/** Image kinds accepted for uploads, told by their first bytes, never by name or declared type. */
export type ImageKind = { ext: 'png' | 'jpg' | 'gif' | 'webp'; mime: string };

export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: 'png', mime: 'image/png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { ext: 'jpg', mime: 'image/jpeg' };
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return { ext: 'gif', mime: 'image/gif' };
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { ext: 'webp', mime: 'image/webp' };
  }
  return null;
}

export const MIME_BY_EXT: Record<ImageKind['ext'], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Larger pictures are refused before decoding: an avatar needs far less, and a small file may unpack to gigabytes. */
const MAX_PIXELS = 40_000_000;
const SHARP_FORMAT: Record<ImageKind['ext'], string> = { png: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp' };

/**
 * Whether the bytes decode completely as an image of the sniffed kind, every frame of an animation included. A
 * valid header in front of damaged or truncated data is not an image a browser can show.
 */
export async function decodesAs(bytes: Buffer, kind: ImageKind): Promise<boolean> {
  try {
    const open = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS, pages: -1 });
    // One instance per read: a second read of the same instance sees libpng's state after the first.
    const metadata = await open().metadata();
    if (metadata.format !== SHARP_FORMAT[kind.ext]) return false;
    // Statistics read every pixel, so the whole image is decoded, without keeping the decoded pixels in memory.
    await open().stats();
    return true;
  } catch {
    return false;
  }
}
