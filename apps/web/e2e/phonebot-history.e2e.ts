import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { type Stack, startStack } from './harness';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const ADMIN = { name: 'Hanna History', email: 'hanna@example.com', password: 'hanna-password' };

describe('the History of a phonebot on a phone', () => {
  it('shows the versions and the marked diff at 390 px without sideways scrolling, and restores after confirming', async () => {
    const { token } = await stack.createAdmin(ADMIN);
    const created = await stack.api(
      'POST',
      '/vbot',
      { data: { type: 'vbots', attributes: { bezeichnung: 'Reception', prompt: 'Be kind.\nBe brief.' } } },
      token,
    );
    const key = created.json.meta.license_Key as string;
    const changed = await stack.api(
      'PATCH',
      `/vbot/${key}`,
      { data: { type: 'vbots', attributes: { prompt: 'Be kind.\nBe quick and answer every caller by name.' } } },
      token,
    );
    expect(changed.status).toBe(200);

    const { page } = await stack.newPage({ width: 390 });
    await stack.login(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/viewcalllogs');
    await page.goto(`/editvbot/${key}`);
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Show the changes of version 2' }).click();
    await page.getByText('+ added: Be quick and answer every caller by name.').waitFor();
    await page.getByText('− removed: Be brief.').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // This screen's own content; the header's controls belong to the shell's flows.
    const headerIds = await page.evaluate(() => [...document.querySelectorAll('header [id]')].map((el) => `#${el.id}`));
    const violations = await axeViolations(page);
    expect(violations.filter((violation) => !headerIds.some((id) => violation.includes(`${id} `)))).toEqual([]);

    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Version 3', { exact: true }).waitFor();
    const bot = await stack.api('GET', `/vbot/${key}`, undefined, token);
    expect(bot.json.data.attributes.prompt).toBe('Be kind.\nBe brief.');
  });
});
