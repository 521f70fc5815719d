import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Finding, Review } from '@common/schemas/review';
import { eventStream, jsonResponse, renderWithProviders, stubFetch } from '../../../../tests/support/component';
import { FakeEditor } from '../../../../tests/support/fake-editor';
import { ReviewPanel } from './review-panel';

const DOCUMENT_ID = 5;
const REVIEW_URL = `/api/documents/${DOCUMENT_ID}/review`;

const finding = (id: string, fields: Partial<Finding> & Pick<Finding, 'rule' | 'ruleLabel' | 'quote' | 'offset'>, number: number): Finding => ({
  id,
  paragraph: { number, paraId: `0000000${number}`, part: 'body', start: `Clause ${number} begins here` },
  reason: 'A reason.',
  replacement: null,
  source: 'offline',
  status: 'open',
  ...fields,
});

const SPELLING = { rule: 'spelling-variants', ruleLabel: 'Spelling variant' };
const FINDINGS: Finding[] = [
  finding('f1', { ...SPELLING, quote: 'recieve', offset: 18, replacement: 'receive', reason: '"recieve" is a misspelling of "receive".' }, 2),
  finding('f2', { rule: 'passive-voice', ruleLabel: 'Passive voice', quote: 'was signed by', offset: 4, reason: 'Passive voice hides who acts.' }, 3),
  finding('f3', { ...SPELLING, quote: 'colour', offset: 30, replacement: 'color', reason: 'The document mostly uses US spelling.' }, 7),
  finding('f4', { ...SPELLING, quote: 'organise', offset: 4, replacement: 'organize', reason: 'The document mostly uses US spelling.' }, 7),
];

const aReview = (fields: Partial<Review> = {}): Review => ({
  id: 11,
  documentId: DOCUMENT_ID,
  version: 3,
  stale: false,
  status: 'complete',
  coverage: { reviewed: 40, total: 40 },
  findings: FINDINGS,
  dropped: 0,
  failures: [],
  createdAt: '2025-03-01T10:00:00.000Z',
  ...fields,
});

/**
 * The review's server: the latest review (GET, 404 when there is none), one streamed review per
 * POST whose events the test sends, and PATCHes of findings, answered with the review updated.
 */
function reviewServer(initial: Review | null) {
  let latest = initial;
  const stream = eventStream();
  const posts: RequestInit[] = [];
  const patches: Array<{ url: string; body: unknown }> = [];
  let gets = 0;
  const fetchMock = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === REVIEW_URL && method === 'GET') {
      gets += 1;
      return latest ? jsonResponse(latest) : jsonResponse({ error: { code: 'not_found', message: 'No review yet' } }, 404);
    }
    if (url === REVIEW_URL && method === 'POST') {
      posts.push(init);
      return stream.response();
    }
    const patch = /^\/api\/documents\/5\/review\/(\d+)\/findings\/(f\d+)$/.exec(url);
    if (patch && method === 'PATCH' && latest) {
      const body = JSON.parse(String(init.body)) as { status: Finding['status'] };
      patches.push({ url, body });
      latest = { ...latest, findings: latest.findings.map((f) => (f.id === patch[2] ? { ...f, status: body.status } : f)) };
      return jsonResponse(latest);
    }
    return undefined;
  });
  return {
    stream,
    posts,
    patches,
    fetchMock,
    gets: () => gets,
    /** What the server has stored from now on. */
    store: (review: Review | null) => {
      latest = review;
    },
  };
}

function setup(initial: Review | null, { editor = new FakeEditor(), suggest = false } = {}) {
  const server = reviewServer(initial);
  renderWithProviders(<ReviewPanel documentId={DOCUMENT_ID} editor={editor} suggest={suggest} onSuggestChange={() => {}} />);
  return { server, editor, user: userEvent.setup() };
}

const group = (name: string) => screen.getByRole('region', { name });
const findingIn = (region: HTMLElement, paragraph: number, quote: string) =>
  within(region)
    .getAllByTestId('finding')
    .find((item) => item.textContent?.includes(`Paragraph ${paragraph}`) && item.textContent.includes(quote))!;

describe('the Review tab', () => {
  it('shows the latest review: the coverage line, and the findings grouped by rule with where, what, why and what instead', async () => {
    setup(aReview());

    expect(await screen.findByText('Reviewed 40 of 40 paragraphs')).toBeTruthy();
    const spelling = group('Spelling variant (3)');
    expect(within(spelling).getAllByTestId('finding')).toHaveLength(3);
    const first = findingIn(spelling, 2, 'recieve');
    expect(first.textContent).toContain('Clause 2 begins here');
    expect(first.textContent).toContain('"recieve" is a misspelling of "receive".');
    expect(first.textContent).toContain('Suggested: “receive”');
    expect(within(first).getByRole('button', { name: 'Apply' })).toBeTruthy();
    expect(within(spelling).getByRole('button', { name: 'Apply all' })).toBeTruthy();

    const passive = findingIn(group('Passive voice (1)'), 3, 'was signed by');
    // Nothing to write instead: nothing to apply, only to dismiss.
    expect(within(passive).queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(within(passive).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(within(group('Passive voice (1)')).queryByRole('button', { name: 'Apply all' })).toBeNull();
  });

  it('runs a review: progress as it streams, with a progress bar, then the findings and the exact coverage line', async () => {
    const { server, user } = setup(null);
    expect(await screen.findByText('This document has not been reviewed yet.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Review document' }));

    await waitFor(() => expect(server.posts).toHaveLength(1));
    expect(server.posts[0]).toMatchObject({ method: 'POST', headers: { Accept: 'text/event-stream' } });
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();

    act(() => server.stream.send('progress', { done: 10, total: 40, stage: 'rules' }));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25'));
    expect(screen.getByText('Checking the style rules: 10 of 40 paragraphs')).toBeTruthy();
    act(() => server.stream.send('progress', { done: 30, total: 40, stage: 'model' }));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75'));

    const partial = aReview({ coverage: { reviewed: 38, total: 40 }, dropped: 2, failures: ['The AI model did not answer for paragraphs 39 and 40.'] });
    act(() => {
      server.stream.send('review', partial);
      server.stream.close();
    });

    expect(await screen.findByText('Reviewed 38 of 40 paragraphs')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('2 paragraphs were not reviewed.')).toBeTruthy();
    expect(screen.getByText('The AI model did not answer for paragraphs 39 and 40.')).toBeTruthy();
    expect(screen.getByText('2 model findings were dropped: their quotes are not in the document')).toBeTruthy();
    expect(group('Spelling variant (3)')).toBeTruthy();
    expect(group('Passive voice (1)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review document' })).toBeTruthy();
  });

  it('cancels a running review: the request is aborted and the partial review the server kept is shown, with no error', async () => {
    const { server, user } = setup(null);
    await screen.findByText('This document has not been reviewed yet.');
    await user.click(screen.getByRole('button', { name: 'Review document' }));
    act(() => server.stream.send('progress', { done: 12, total: 40, stage: 'rules' }));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30'));
    server.store(aReview({ status: 'cancelled', coverage: { reviewed: 12, total: 40 }, findings: FINDINGS.slice(0, 1) }));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(server.posts[0]!.signal?.aborted).toBe(true);
    expect(await screen.findByText('Reviewed 12 of 40 paragraphs')).toBeTruthy();
    expect(screen.getByText('28 paragraphs were not reviewed: the review was cancelled.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why when the review ends with an error event', async () => {
    const { server, user } = setup(null);
    await screen.findByText('This document has not been reviewed yet.');
    await user.click(screen.getByRole('button', { name: 'Review document' }));
    act(() => {
      server.stream.send('progress', { done: 3, total: 40, stage: 'rules' });
      server.stream.send('error', { error: { code: 'internal', message: 'The review failed unexpectedly. Try again.' } });
      server.stream.close();
    });

    expect((await screen.findByRole('alert')).textContent).toBe('The review failed unexpectedly. Try again.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Review document' })).toBeTruthy();
  });

  it('selects a finding\'s passage in the document when it is clicked', async () => {
    const { editor, user } = setup(aReview());
    const item = findingIn(await screen.findByRole('region', { name: 'Spelling variant (3)' }), 2, 'recieve');

    await user.click(within(item).getByRole('button', { name: /Paragraph 2/ }));

    expect(editor.selectPassage).toHaveBeenCalledWith({ paraId: '00000002', offset: 18, quote: 'recieve' });
    expect(editor.getSnapshot().selectedText).toBe('recieve');
    expect(editor.replaceSelection).not.toHaveBeenCalled();
  });

  it('applies a finding through the editor, keeping the chat\'s Replace (a tracked change when Suggest edits is on), and records it', async () => {
    const { server, editor, user } = setup(aReview(), { suggest: true });
    const spelling = await screen.findByRole('region', { name: 'Spelling variant (3)' });

    await user.click(within(findingIn(spelling, 2, 'recieve')).getByRole('button', { name: 'Apply' }));

    expect(editor.selectPassage).toHaveBeenCalledWith({ paraId: '00000002', offset: 18, quote: 'recieve' });
    expect(editor.replaceSelection).toHaveBeenCalledWith('receive', { suggest: true, exact: true });
    await waitFor(() => expect(server.patches).toEqual([{ url: `${REVIEW_URL}/11/findings/f1`, body: { status: 'applied' } }]));
    const applied = findingIn(spelling, 2, 'recieve');
    await waitFor(() => expect(applied.dataset.status).toBe('applied'));
    expect(within(applied).getByTestId('finding-status').textContent).toBe('Applied');
    expect(within(applied).queryByRole('button', { name: 'Apply' })).toBeNull();
    // Shown as applied, not removed.
    expect(within(spelling).getAllByTestId('finding')).toHaveLength(3);
  });

  it('applies all of a rule\'s findings from the end of the document backwards, then records each', async () => {
    const { server, editor, user } = setup(aReview());
    const spelling = await screen.findByRole('region', { name: 'Spelling variant (3)' });

    await user.click(within(spelling).getByRole('button', { name: 'Apply all' }));

    expect(editor.selectPassage.mock.calls.map(([p]) => [p.paraId, p.offset])).toEqual([
      ['00000007', 30],
      ['00000007', 4],
      ['00000002', 18],
    ]);
    expect(editor.replaceSelection.mock.calls.map(([text]) => text)).toEqual(['color', 'organize', 'receive']);
    await waitFor(() => expect(server.patches.map((p) => p.url.split('/').pop())).toEqual(['f3', 'f4', 'f1']));
    await waitFor(() => expect(within(spelling).getAllByTestId('finding').map((f) => f.dataset.status)).toEqual(['applied', 'applied', 'applied']));
    expect(within(spelling).queryByRole('button', { name: 'Apply all' })).toBeNull();
    // The other rule's finding is untouched.
    expect(findingIn(group('Passive voice (1)'), 3, 'was signed by').dataset.status).toBe('open');
  });

  it('says when a passage has changed since the review, and then neither changes the document nor records it', async () => {
    const { server, editor, user } = setup(aReview());
    const spelling = await screen.findByRole('region', { name: 'Spelling variant (3)' });
    editor.selectPassage.mockReturnValue('changed');

    await user.click(within(findingIn(spelling, 2, 'recieve')).getByRole('button', { name: 'Apply' }));

    expect(within(findingIn(spelling, 2, 'recieve')).getByText('This passage has changed since the review.')).toBeTruthy();
    expect(editor.replaceSelection).not.toHaveBeenCalled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(server.patches).toEqual([]);
    expect(findingIn(spelling, 2, 'recieve').dataset.status).toBe('open');
  });

  it('dismisses a finding: recorded, shown greyed as dismissed, and the document left alone', async () => {
    const { server, editor, user } = setup(aReview());
    const passive = await screen.findByRole('region', { name: 'Passive voice (1)' });

    await user.click(within(passive).getByRole('button', { name: 'Dismiss' }));

    await waitFor(() => expect(server.patches).toEqual([{ url: `${REVIEW_URL}/11/findings/f2`, body: { status: 'dismissed' } }]));
    const dismissed = findingIn(passive, 3, 'was signed by');
    expect(dismissed.dataset.status).toBe('dismissed');
    expect(within(dismissed).getByTestId('finding-status').textContent).toBe('Dismissed');
    expect(within(dismissed).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(editor.selectPassage).not.toHaveBeenCalled();
    expect(editor.replaceSelection).not.toHaveBeenCalled();
  });

  it('says a review is stale and offers to review again', async () => {
    const { server, user } = setup(aReview({ stale: true, version: 3 }));

    expect(await screen.findByText('This review was made on version 3; the document has changed since.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Review again' }));

    await waitFor(() => expect(server.posts).toHaveLength(1));
    expect(await screen.findByRole('progressbar')).toBeTruthy();
  });

  it('shows no stale notice for a review of the current version', async () => {
    setup(aReview());
    await screen.findByText('Reviewed 40 of 40 paragraphs');
    expect(screen.queryByText(/the document has changed since/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review again' })).toBeNull();
  });

  it('with an editor that cannot select passages (ONLYOFFICE), lists the findings without select and apply, and says where they work', async () => {
    const editor = new FakeEditor();
    Object.assign(editor, { selectPassage: undefined });
    setup(aReview(), { editor });

    expect(screen.getByText('Select and apply work in the embedded editor.')).toBeTruthy();
    const spelling = await screen.findByRole('region', { name: 'Spelling variant (3)' });
    expect(within(spelling).queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(within(spelling).queryByRole('button', { name: 'Apply all' })).toBeNull();
    expect(within(spelling).queryByRole('button', { name: /Paragraph 2/ })).toBeNull();
    expect(within(spelling).getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3);
  });
});

describe('the Review tab, with an editor that previews a change before making it', () => {
  const previewing = (suggest = true) => setup(aReview(), { editor: new FakeEditor({ previews: true }), suggest });

  it("Apply previews the replacement with the finding's reason; only Accept makes it, and only then is it recorded", async () => {
    const { server, editor, user } = previewing();
    const spelling = await screen.findByRole('region', { name: 'Spelling variant (3)' });

    await user.click(within(findingIn(spelling, 2, 'recieve')).getByRole('button', { name: 'Apply' }));

    expect(editor.selectPassage).toHaveBeenCalledWith({ paraId: '00000002', offset: 18, quote: 'recieve' });
    expect(editor.previewChange).toHaveBeenCalledWith({
      kind: 'replace',
      text: 'receive',
      suggest: true,
      exact: true,
      reason: 'Spelling variant: "recieve" is a misspelling of "receive".',
    });
    expect(editor.replaceSelection).not.toHaveBeenCalled();
    // While the change waits in the document, nothing else is applied.
    await waitFor(() => expect((within(spelling).getByRole('button', { name: 'Apply all' }) as HTMLButtonElement).disabled).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(server.patches).toEqual([]);
    expect(findingIn(spelling, 2, 'recieve').dataset.status).toBe('open');

    act(() => editor.accept());

    expect(editor.replaceSelection).toHaveBeenCalledWith('receive', { suggest: true });
    await waitFor(() => expect(server.patches).toEqual([{ url: `${REVIEW_URL}/11/findings/f1`, body: { status: 'applied' } }]));
    await waitFor(() => expect(findingIn(spelling, 2, 'recieve').dataset.status).toBe('applied'));
    expect((within(spelling).getByRole('button', { name: 'Apply all' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Discard leaves the document as it was and the finding open, to be applied later', async () => {
    const { server, editor, user } = previewing();
    const spelling = await screen.findByRole('region', { name: 'Spelling variant (3)' });

    await user.click(within(findingIn(spelling, 2, 'recieve')).getByRole('button', { name: 'Apply' }));
    act(() => editor.discard());

    await waitFor(() => expect((within(findingIn(spelling, 2, 'recieve')).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(false));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(editor.replaceSelection).not.toHaveBeenCalled();
    expect(editor.insertAtCaret).not.toHaveBeenCalled();
    expect(server.patches).toEqual([]);
    expect(findingIn(spelling, 2, 'recieve').dataset.status).toBe('open');
    expect(within(findingIn(spelling, 2, 'recieve')).queryByRole('status')).toBeNull();
  });

  it('Apply all previews each finding in turn, from the end backwards; a discarded one is skipped and stays open', async () => {
    const { server, editor, user } = previewing(false);
    const spelling = await screen.findByRole('region', { name: 'Spelling variant (3)' });

    await user.click(within(spelling).getByRole('button', { name: 'Apply all' }));

    const previewed = () => editor.previewChange!.mock.calls.map(([change]) => change.text);
    expect(previewed()).toEqual(['color']);
    act(() => editor.accept());
    await waitFor(() => expect(previewed()).toEqual(['color', 'organize']));
    act(() => editor.discard());
    await waitFor(() => expect(previewed()).toEqual(['color', 'organize', 'receive']));
    // Suggest edits off: no tracked change, and the reason goes with it all the same (no comment is written without one).
    expect(editor.previewChange!.mock.calls[2]![0]).toMatchObject({ suggest: false, reason: 'Spelling variant: "recieve" is a misspelling of "receive".' });
    act(() => editor.accept());

    await waitFor(() => expect(server.patches.map((p) => p.url.split('/').pop())).toEqual(['f3', 'f1']));
    expect(editor.replaceSelection.mock.calls.map(([text]) => text)).toEqual(['color', 'receive']);
    await waitFor(() => expect(within(spelling).getAllByTestId('finding').map((f) => f.dataset.status)).toEqual(['applied', 'open', 'applied']));
    expect(findingIn(spelling, 7, 'organise').dataset.status).toBe('open');
  });
});
