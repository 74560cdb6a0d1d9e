/**
 * How many SMS a text takes. GSM-7 (the default alphabet) carries 160 characters in one SMS and 153 in each part of
 * a longer one; a character of its extension table (^ { } \ [ ~ ] | €) takes two. A text with any character outside
 * GSM-7 goes as UCS-2: 70 characters in one SMS, 67 per part, where a character outside the Basic Multilingual Plane
 * (most emoji) takes two.
 */

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export type SmsParts = {
  encoding: SmsEncoding;
  /** The characters as the user counts them (an emoji is one). */
  characters: number;
  /** The units the encoding counts: septets for GSM-7, 16-bit code units for UCS-2. */
  units: number;
  /** How many SMS the text takes (0 for an empty text). */
  parts: number;
  /** Units one SMS holds with this encoding and part count: 160 or 153 (GSM-7), 70 or 67 (UCS-2). */
  perPart: number;
  /** Units left in the last part before another part begins. */
  remaining: number;
};

export function smsParts(text: string): SmsParts {
  const characters = [...text].length;
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (BASIC.has(char)) septets += 1;
    else if (EXTENSION.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const units = gsm ? septets : text.length;
  const single = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  const parts = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  const perPart = parts > 1 ? multi : single;
  const remaining = parts === 0 ? single : parts * perPart - units;
  return { encoding, characters, units, parts, perPart, remaining };
}
