import { isWithheldNumber } from '@phonebot/shared/calls';
import { DEFAULT_COUNTRY, PHONE_COUNTRIES, type PhoneCountry } from '@phonebot/shared/customers';

/**
 * Phone numbers in the call search: the tokens a caller's number is indexed by, and the forms a number typed into
 * the search is looked for in, read with the company's country (`customers.default_country`).
 *
 * A caller's number is indexed by its digits twice: `n:<digits>` (found by its beginning, as it is typed) and
 * `r:<digits reversed>` (found by its end: a national number typed with its trunk prefix, or only the last digits,
 * finds the number however it was stored). A typed number is read as the company's country writes it: `+49 30
 * 1234567`, `0049 30 1234567`, `030 1234567`, `030/123 45-67` and `+49 (0)30 1234567` are one number.
 */

/** The countries a company's numbers can be read for; others are read as Germany's. */
const COUNTRIES: Readonly<Record<string, PhoneCountry>> = PHONE_COUNTRIES;

function countryOf(name: string | null | undefined): PhoneCountry {
  return COUNTRIES[(name ?? '').toUpperCase()] ?? COUNTRIES[DEFAULT_COUNTRY]!;
}

/** The fewest digits a typed number needs before it is looked for among the callers' numbers. */
const NUMBER_MIN_DIGITS = 4;

const reverse = (digits: string) => [...digits].reverse().join('');

/** The tokens a caller's number is indexed by; none for a withheld number, which names nobody. */
export function numberTokens(callerNumber: string): string[] {
  if (isWithheldNumber(callerNumber)) return [];
  const digits = callerNumber.replace(/\D/g, '');
  return digits ? [`n:${digits}`, `r:${reverse(digits)}`] : [];
}

/**
 * Where a number typed into the search may be found among the callers' numbers: the beginnings (`n:`, matched as
 * prefixes) and the end (`r:`, a prefix of the reversed digits). Undefined when it has too few digits.
 */
export function numberForms(typed: string, countryName?: string | null): { starts: string[]; end: string } | undefined {
  const country = countryOf(countryName);
  // "+49 (0)30 …": the trunk prefix in brackets after the country code is not dialled.
  const text = typed.trim().replace(/\(0\)/g, '');
  const digits = text.replace(/\D/g, '');
  if (digits.length < NUMBER_MIN_DIGITS) return undefined;
  // The number as E.164 digits (country code first), when its writing says so.
  let international: string | undefined;
  if (text.startsWith('+')) international = digits;
  else if (digits.startsWith(country.international)) international = digits.slice(country.international.length);
  else if (country.trunk && digits.startsWith(country.trunk)) international = country.code + digits.slice(1);
  else if (!country.trunk) international = country.code + digits;
  const starts = new Set<string>([`n:${digits}`]);
  let national = digits;
  if (international) {
    starts.add(`n:${international}`);
    if (international.startsWith(country.code)) {
      national = international.slice(country.code.length);
      // Stored in the national writing: with the trunk prefix (or as dialled in a country without one).
      starts.add(`n:${country.trunk}${national}`);
    } else {
      national = international;
    }
  }
  return { starts: [...starts], end: `r:${reverse(national)}` };
}
