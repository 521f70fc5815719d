/**
 * axe-core on the page as it is now. A serious or critical violation fails; the message lists each
 * rule, its impact and the elements, so the failure says what to fix. Lesser findings are attached
 * to the report, not failed on.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

const BLOCKING = new Set(['serious', 'critical']);

/** Rule, impact, help link, then each element: its selector, its markup and what axe says to fix. */
const listing = (v: Violation) =>
  `- ${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n` +
  v.nodes
    .map((n) => `    ${n.target.join(' ')}  ${n.html.slice(0, 160)}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
    .join('\n');

/**
 * Colours judged mid-transition (a dialog fading in, a hover fading out) are blends no user settles
 * on; wait until every finite animation has finished. Endless ones (spinners) never do, so they are
 * left out.
 */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

export async function expectNoSeriousViolations(page: Page, label: string) {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const lesser = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  await test.info().attach(`axe ${label}`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  for (const v of lesser) test.info().annotations.push({ type: `axe ${v.impact}`, description: `${label}: ${v.id} on ${v.nodes.length} element(s)` });
  // Compared as short lines so the failure diff stays readable; the message carries the details.
  const summary = blocking.map((v) => `${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `serious or critical axe violations on ${label}:\n${blocking.map(listing).join('\n')}`).toEqual([]);
}
