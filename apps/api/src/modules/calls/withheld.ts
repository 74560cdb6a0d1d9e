import { type Expression, type SqlBool, sql } from 'kysely';
import { WITHHELD_NUMBER_CODES } from '@phonebot/shared/calls';

const NON_ZERO_DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * `isWithheldNumber` as SQL, written the same on both engines: the number holds no digit 1-9, or it is a carrier's
 * code for a withheld number. Its constants are literals, so the statement's text (and plan) stays the same.
 */
export function withheldNumberSql(number: Expression<string>): Expression<SqlBool> {
  const noDigit = sql.join(
    NON_ZERO_DIGITS.map((digit) => sql`${number} not like ${sql.lit(`%${digit}%`)}`),
    sql` and `,
  );
  const codes = sql.join(WITHHELD_NUMBER_CODES.map((code) => sql.lit(code)));
  return sql<SqlBool>`((${noDigit}) or ${number} in (${codes}))`;
}

/** The opposite of withheldNumberSql: a number that names a caller. */
export function callerNumberSql(number: Expression<string>): Expression<SqlBool> {
  return sql<SqlBool>`not ${withheldNumberSql(number)}`;
}
