import { describe, expect, it } from 'vitest';
import { type Complete, MAX_CONCURRENT_REQUESTS, checkAnswer, chunkParagraphs, reviewWithModel } from './model-review';

const paragraphs = Array.from({ length: 120 }, (_, i) => ({ number: i + 1, text: `Paragraph ${i + 1}. Payment is due within ${30 + (i % 40)} days of the invoice date.` }));
const rules = [{ id: 'payment-terms', text: 'Payment terms must not exceed 30 days' }];

/** A model that answers each request by reading the paragraphs it was sent, like a careful reviewer. */
const honest: Complete = async (prompt) => {
  const findings = [...prompt.user.matchAll(/^\[(\d+)\] (.*)$/gm)]
    .map((m) => ({ n: Number(m[1]), text: m[2]!, days: Number(/within (\d+) days/.exec(m[2]!)?.[1]) }))
    .filter((p) => p.days > 30)
    .map((p) => ({ rule: 'payment-terms', paragraph: p.n, quote: `within ${p.days} days`, reason: 'Payment terms exceed 30 days.', replacement: 'within 30 days' }));
  return { ok: true, text: `Here you are:\n\`\`\`json\n${JSON.stringify({ findings })}\n\`\`\`` };
};

describe('chunking', () => {
  it('covers every paragraph once, in order, within the budget', () => {
    const chunks = chunkParagraphs(paragraphs, 4_000, 50);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.flatMap((c) => c.pieces.map((p) => p.number))).toEqual(paragraphs.map((p) => p.number));
    for (const c of chunks) expect(c.pieces.reduce((n, p) => n + p.text.length + 10, 0)).toBeLessThanOrEqual(4_000 - 1_500 - 50);
  });

  it('sends a paragraph longer than a chunk in pieces under its own number', () => {
    const long = { number: 7, text: 'word '.repeat(2_000) };
    const chunks = chunkParagraphs([paragraphs[0]!, long, paragraphs[1]!], 3_000, 0);
    const pieces = chunks.filter((c) => c.first === 7);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.map((c) => c.pieces[0]!.text).join('')).toBe(long.text);
  });
});

describe('checking what the model says', () => {
  const chunk = { pieces: paragraphs.slice(0, 10), first: 1, last: 10 };
  const textOf = (n: number) => paragraphs[n - 1]?.text;
  const answer = (findings: unknown[]) => JSON.stringify({ findings });

  it('keeps a finding whose quote is in the cited paragraph, at its offset', () => {
    const checked = checkAnswer(answer([{ rule: 'payment-terms', paragraph: 5, quote: 'within 34 days', reason: 'Too long.', replacement: 'within 30 days' }]), chunk, rules, textOf)!;
    expect(checked.dropped).toBe(0);
    expect(checked.findings).toEqual([{ ruleId: 'payment-terms', paragraph: 5, offset: paragraphs[4]!.text.indexOf('within 34 days'), quote: 'within 34 days', reason: 'Too long.', replacement: 'within 30 days' }]);
  });

  it('drops and counts invented quotes, other paragraphs, unknown rules and malformed items', () => {
    const checked = checkAnswer(
      answer([
        { rule: 'payment-terms', paragraph: 5, quote: 'within 90 days', reason: 'Invented.' },
        { rule: 'payment-terms', paragraph: 6, quote: 'within 34 days', reason: 'Quote from paragraph 5, cited as 6.' },
        { rule: 'payment-terms', paragraph: 50, quote: 'Paragraph 50', reason: 'Not in this chunk.' },
        { rule: 'made-up', paragraph: 5, quote: 'within 34 days', reason: 'No such rule.' },
        { rule: 'payment-terms', paragraph: '5', quote: 'within 34 days' },
        'a string',
        { rule: 'payment-terms', paragraph: 5, quote: 'within 34 days', reason: 'The real one.' },
      ]),
      chunk,
      rules,
      textOf,
    )!;
    expect(checked.findings.map((f) => f.reason)).toEqual(['The real one.']);
    expect(checked.dropped).toBe(6);
  });

  it('refuses an answer that is not findings at all', () => {
    expect(checkAnswer('I could not find anything wrong.', chunk, rules, textOf)).toBeUndefined();
    expect(checkAnswer('{"findings": "none"}', chunk, rules, textOf)).toBeUndefined();
    expect(checkAnswer('{not json}', chunk, rules, textOf)).toBeUndefined();
  });
});

describe('the whole review', () => {
  it('finds every breach over the whole document, at most three requests at a time, reporting progress', async () => {
    let inFlight = 0;
    let most = 0;
    const progress: number[] = [];
    const complete: Complete = async (prompt, signal) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      return honest(prompt, signal);
    };
    const result = await reviewWithModel(paragraphs, rules, { contextChars: 3_000, complete, signal: new AbortController().signal, onChunk: (done) => progress.push(done) });
    expect(result.findings.map((f) => f.paragraph)).toEqual(paragraphs.filter((p) => !/within 30 days/.test(p.text)).map((p) => p.number));
    expect(result.unreviewed.size).toBe(0);
    expect(result.failures).toEqual([]);
    expect(most).toBe(MAX_CONCURRENT_REQUESTS);
    expect(progress).toEqual(Array.from({ length: result.requests }, (_, i) => i + 1));
  });

  it('reports a failed request with the paragraphs it left unreviewed, and keeps the rest', async () => {
    let calls = 0;
    const complete: Complete = async (prompt, signal) => (++calls === 2 ? { ok: false, message: 'The AI model answered with an error (HTTP 500).' } : honest(prompt, signal));
    const result = await reviewWithModel(paragraphs, rules, { contextChars: 3_000, complete, signal: new AbortController().signal });
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatch(/^Paragraphs \d+–\d+: The AI model answered with an error \(HTTP 500\)\.$/);
    const [, first, last] = /^Paragraphs (\d+)–(\d+)/.exec(result.failures[0]!)!;
    expect([...result.unreviewed].sort((a, b) => a - b)).toEqual(paragraphs.filter((p) => p.number >= Number(first) && p.number <= Number(last)).map((p) => p.number));
    expect(result.findings.length).toBeGreaterThan(0);
    expect(result.findings.some((f) => result.unreviewed.has(f.paragraph))).toBe(false);
  });

  it('stops sending when cancelled: what was not sent is unreviewed, not failed', async () => {
    const controller = new AbortController();
    let calls = 0;
    const complete: Complete = async (prompt, signal) => {
      if (++calls === 2) controller.abort();
      return honest(prompt, signal);
    };
    const result = await reviewWithModel(paragraphs, rules, { contextChars: 3_000, complete, signal: controller.signal });
    expect(result.requests).toBeLessThanOrEqual(MAX_CONCURRENT_REQUESTS + 1);
    expect(result.unreviewed.size).toBeGreaterThan(0);
    expect(result.failures).toEqual([]);
  });
});
