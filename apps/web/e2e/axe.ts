import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary?: string }[] };

/** Runs axe-core in the page and answers its violations (WCAG 2 A and AA rules). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated from the test, not injected as a script tag, which the product's CSP rightly refuses; once per
  // document (a second check of the same page, say in the dark scheme, finds it there).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations;
  });
  return (violations as Violation[]).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .map(
          (n) =>
            `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)})` : ''}`,
        )
        .join(', ')}`,
  );
}
