import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { paragraphText, paragraphsById, runs } from './support/contract-docx';
import { changePreview, currentContent, downloadDocx, openEditor, previewPainted, saveStatus } from './support/editor';
import { expect, test } from './support/fixtures';
import { newAccount, registerThroughUi, screenshotPath } from './support/journeys';
import { DOCX_MIME, uploadThroughApi } from './support/library';
import { buildDocx } from '../support/docx/fixtures';
import { libreOfficeFlatXml, toolsAvailable } from '../support/external-readers';

/**
 * The whole-document review applied through the editor (issue 16): a finding selected in the
 * document, previewed in place, accepted as a tracked change in the original formatting with a
 * Word comment giving its reason, which Word's format and LibreOffice both carry; and a preview
 * discarded, which leaves the document as it was.
 */

const BOLD_RED = '<w:rPr><w:b/><w:color w:val="FF0000"/></w:rPr>';
const RED = '<w:color w:val="FF0000"/>';
const REASON = 'House style: "shall" → "must"';
const run = (text: string, rPr = '') => `<w:r>${rPr}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const paragraph = (...runs: string[]) => `<w:p>${runs.join('')}</w:p>`;

/** A short contract with 'shall' planted twice: once in a bold red run, once in a plain one. */
const contract = () =>
  Buffer.from(
    buildDocx({
      body: [
        paragraph(run('This Supply Agreement is made between Northwind Ltd and Contoso Supplies.')),
        paragraph(run('Delivery. '), run('The Supplier shall deliver the goods within 30 days.', BOLD_RED), run(' No other terms apply.')),
        paragraph(run('The Customer shall pay each invoice within 30 days of receipt.')),
        paragraph(run('This agreement is governed by the laws of England and Wales.')),
      ].join(''),
    }),
  );

const reviewPanel = (page: Page) => page.getByRole('region', { name: 'Document review' });
const wordsToAvoid = (page: Page) => reviewPanel(page).getByRole('region', { name: /^Words to avoid/ });
const finding = (page: Page, paragraphNumber: number) => wordsToAvoid(page).getByTestId('finding').filter({ hasText: `Paragraph ${paragraphNumber}` });
const paintedText = (page: Page) => page.locator('.layout-run-text').allInnerTexts();
const decode = (xml: string) => xml.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function partsOf(docx: Uint8Array) {
  const files = unzipSync(docx);
  return (name: string) => (files[name] ? strFromU8(files[name]) : '');
}

test('a finding applied through its preview: a tracked change in the original formatting, with its reason as a comment Word and LibreOffice show', async ({ page }) => {
  test.setTimeout(180_000);
  await registerThroughUi(page, newAccount('review'));
  const rules = await page.request.put('/api/style-rules', { data: { wordsToAvoid: [{ word: 'shall', replacement: 'must' }] } });
  expect(rules.status(), await rules.text()).toBe(200);
  const { id } = await uploadThroughApi(page, { name: 'Supply agreement.docx', mimeType: DOCX_MIME, buffer: contract() });
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${id}`)).json()) as { status: string }).status)
    .toBe('complete');
  const original = await currentContent(page, id);
  const before = paragraphsById(partsOf(original.bytes)('word/document.xml'));
  await openEditor(page, id);

  await page.getByRole('tab', { name: 'Review' }).click();
  await reviewPanel(page).getByRole('button', { name: 'Review document' }).click();
  const coverage = reviewPanel(page).getByTestId('review-coverage');
  await expect(coverage).toHaveText(/^Reviewed (\d+) of \1 paragraphs$/, { timeout: 30_000 });
  await expect(wordsToAvoid(page)).toHaveAccessibleName('Words to avoid (2)');
  await expect(finding(page, 2)).toContainText(REASON);
  await expect(finding(page, 2)).toContainText('Suggested: “must”');
  await page.screenshot({ path: screenshotPath('review-findings') });

  // The finding selects its passage in the document.
  await finding(page, 2).getByRole('button', { name: /Paragraph 2/ }).click();
  await expect(page.getByTestId('debug-selected-text')).toHaveText('“shall”');
  await page.screenshot({ path: screenshotPath('review-finding-selected') });

  // Apply shows the change in place first: nothing in the document changes yet.
  await reviewPanel(page).getByRole('switch', { name: 'Suggest edits' }).click();
  await expect(reviewPanel(page).getByRole('switch', { name: 'Suggest edits' })).toBeChecked();
  await finding(page, 2).getByRole('button', { name: 'Apply' }).click();
  await expect(changePreview(page)).toBeVisible();
  await expect(changePreview(page)).toContainText(REASON);
  await expect(previewPainted(page, 'added')).toHaveText('must');
  await expect(previewPainted(page, 'removed').first()).toBeVisible();
  expect((await paintedText(page)).join('')).toContain('The Supplier shall deliver the goods within 30 days.');
  await expect(finding(page, 2).getByRole('button', { name: 'Apply' })).toBeDisabled();
  await expect(saveStatus(page)).toHaveText('Saved');
  await page.screenshot({ path: screenshotPath('review-preview') });

  await changePreview(page).getByRole('button', { name: 'Accept' }).click();
  await expect(changePreview(page)).toHaveCount(0);
  await expect(finding(page, 2).getByTestId('finding-status')).toHaveText('Applied');
  await expect(saveStatus(page)).toHaveText(/Unsaved changes|Saving.../);
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 });
  await page.screenshot({ path: screenshotPath('review-accepted') });

  const saved = await downloadDocx(page, id);
  const part = partsOf(saved);
  const after = paragraphsById(part('word/document.xml'));
  const [editedId, edited] = [...after].find(([, xml]) => paragraphText(xml).includes('deliver the goods'))!;
  // Every other paragraph is as it was.
  for (const [paraId, xml] of before) if (paraId !== editedId) expect(after.get(paraId), paragraphText(xml)).toBe(xml);
  const change = /<w:commentRangeStart w:id="(\d+)"\/><w:del\b[^>]*w:author="AI Assistant"[^>]*>([\s\S]*?)<\/w:del><w:ins\b[^>]*w:author="AI Assistant"[^>]*>([\s\S]*?)<\/w:ins><w:commentRangeEnd w:id="\1"\/>/.exec(edited);
  expect(change, edited).not.toBeNull();
  const [, commentId, deleted, inserted] = change!;
  for (const [xml, text] of [
    [deleted!, 'shall'],
    [inserted!, 'must'],
  ] as const) {
    const [changed] = runs(xml);
    expect(changed?.text).toBe(text);
    expect(changed?.rPr).toContain('<w:b/>');
    expect(changed?.rPr).toContain(RED);
  }
  expect(edited).toContain(`<w:commentReference w:id="${commentId}"/>`);
  const comment = new RegExp(`<w:comment\\b[^>]*w:id="${commentId}"[^>]*>[\\s\\S]*?</w:comment>`).exec(part('word/comments.xml'))?.[0] ?? '';
  expect(comment).toContain('w:author="AI Assistant"');
  expect(decode(paragraphText(comment))).toBe(REASON);
  expect(part('word/_rels/document.xml.rels')).toMatch(/Type="http:\/\/schemas\.openxmlformats\.org\/officeDocument\/2006\/relationships\/comments" Target="comments\.xml"/);
  expect(part('[Content_Types].xml')).toContain('<Override PartName="/word/comments.xml"');

  // LibreOffice reads the comment, anchored on the change, and the change itself.
  // Needed, not optional: a machine without LibreOffice fails here with how to get it, never skips (.ci/run installs it).
  expect(toolsAvailable().soffice, 'LibreOffice (soffice) not found: apt-get install libreoffice-writer-nogui').toBe(true);
  const flat = libreOfficeFlatXml(saved);
  expect(flat, 'LibreOffice converted the document').toBeDefined();
  const annotation = /<office:annotation\b[^>]*office:name="([^"]+)"[^>]*>([\s\S]*?)<\/office:annotation>/.exec(flat!);
  expect(annotation, 'an annotation').not.toBeNull();
  const [whole, name, body] = annotation!;
  expect(body).toContain('<dc:creator>AI Assistant</dc:creator>');
  expect(decode(body!.replace(/<[^>]+>/g, '').trim())).toContain(REASON);
  // Its range: from where it stands to its end mark, the struck word and the new one.
  const textOf = (xml: string) => decode(xml.replace(/<[^>]+>/g, ''));
  const anchored = flat!.slice(flat!.indexOf(whole) + whole.length, flat!.indexOf(`<office:annotation-end office:name="${name}"/>`));
  expect(textOf(anchored)).toBe('shallmust');
  // LibreOffice lists the deletion by the assistant, and keeps its text where it was struck.
  const deletionId = /<text:changed-region\b[^>]*text:id="([^"]+)"[^>]*>\s*<text:deletion>\s*<office:change-info>\s*<dc:creator>AI Assistant<\/dc:creator>/.exec(flat!)?.[1];
  expect(deletionId, 'a deletion by AI Assistant').toBeDefined();
  const struck = new RegExp(`<text:change-start text:change-id="${deletionId}"/>([\\s\\S]*?)<text:change-end text:change-id="${deletionId}"/>`).exec(flat!)?.[1] ?? '';
  expect(textOf(struck.replace(/<office:annotation\b[\s\S]*?<\/office:annotation>/, ''))).toBe('shall');
  console.info(`review: LibreOffice's annotation\n  ${whole.replace(/\s+/g, ' ')}`);
});

test("Discard leaves the document as it was: nothing saved, the same bytes, the finding still open", async ({ page }) => {
  await registerThroughUi(page, newAccount('review'));
  await page.request.put('/api/style-rules', { data: { wordsToAvoid: [{ word: 'shall', replacement: 'must' }] } });
  const { id } = await uploadThroughApi(page, { name: 'Supply agreement.docx', mimeType: DOCX_MIME, buffer: contract() });
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${id}`)).json()) as { status: string }).status)
    .toBe('complete');
  const original = await downloadDocx(page, id);
  await openEditor(page, id);
  await page.getByRole('tab', { name: 'Review' }).click();
  await reviewPanel(page).getByRole('button', { name: 'Review document' }).click();
  await expect(finding(page, 3)).toContainText(REASON, { timeout: 30_000 });
  const painted = await paintedText(page);

  await finding(page, 3).getByRole('button', { name: 'Apply' }).click();
  await expect(changePreview(page)).toBeVisible();
  await expect(previewPainted(page, 'added')).toHaveText('must');
  await changePreview(page).getByRole('button', { name: 'Discard' }).click();

  await expect(changePreview(page)).toHaveCount(0);
  await expect(previewPainted(page, 'added')).toHaveCount(0);
  await expect(previewPainted(page, 'removed')).toHaveCount(0);
  expect(await paintedText(page)).toEqual(painted);
  await expect(finding(page, 3)).toHaveAttribute('data-status', 'open');
  await expect(finding(page, 3).getByRole('button', { name: 'Apply' })).toBeEnabled();
  // Longer than the autosave waits: nothing was changed, so nothing is saved.
  await page.waitForTimeout(3_000);
  await expect(saveStatus(page)).toHaveText('Saved');
  const doc = (await (await page.request.get(`/api/documents/${id}`)).json()) as { currentVersion: number };
  expect(doc.currentVersion).toBe(1);
  expect(Buffer.from(await downloadDocx(page, id)).equals(original)).toBe(true);
});
