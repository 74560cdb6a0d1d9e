/* The callback attempts' values that need no schema (attempts.ts builds its schemas on them). */

/** What came of a callback attempt. */
export const CALL_ATTEMPT_OUTCOMES = ['reached', 'voicemail', 'no_answer', 'busy', 'wrong_number'] as const;
export type CallAttemptOutcome = (typeof CALL_ATTEMPT_OUTCOMES)[number];
export const ATTEMPT_NOTE_MAX_LENGTH = 500;

/** Twilio's words that stop a company's SMS to a number, and those that start them again (Twilio's own lists). */
export const SMS_OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const SMS_OPT_IN_WORDS = ['START', 'UNSTOP', 'YES'] as const;
