import { totpCode, totpStep } from '../../api/src/lib/totp';

/**
 * A code of the app for the earliest step after `used` that the server accepts (it takes each step's code once, and
 * one step on either side of now): the step before now while it has more than 3 s left to be accepted, so that three
 * codes in a row need no wait for the next step. Waits only when `used` is already a step ahead. Answers the code and
 * its step.
 */
export async function codeAfter(secret: string, used: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const current = totpStep(now);
    const msLeft = (current + 1) * 30_000 - now;
    const step = Math.max(used + 1, msLeft > 3_000 ? current - 1 : current);
    if (step <= current + 1) return { code: totpCode(secret, step * 30_000), step };
    await new Promise((resolve) => setTimeout(resolve, msLeft + 50));
  }
}
