/**
 * The free-text rules of a house style, checked by a model over the whole document (issue 16,
 * point 4). Map, then reduce: the paragraphs are packed into chunks that fit the model's context,
 * each chunk is one request for all rules, a few requests run at a time, and the findings are
 * merged. The model is trusted for nothing it can be checked on: a finding is kept only when its
 * quoted passage occurs in the paragraph it cites; anything else is dropped and counted.
 */
import { z } from 'zod';

export type ModelParagraph = { readonly number: number; readonly text: string };
export type FreeTextRule = { readonly id: string; readonly text: string };

export type ModelFinding = {
  readonly ruleId: string;
  /** 1-based paragraph number. */
  readonly paragraph: number;
  readonly offset: number;
  readonly quote: string;
  readonly reason: string;
  readonly replacement: string | null;
};

export type Chunk = {
  /** The paragraphs, or pieces of one paragraph too long for a chunk of its own (same number). */
  readonly pieces: readonly ModelParagraph[];
  readonly first: number;
  readonly last: number;
};

export type Complete = (prompt: { system: string; user: string }, signal: AbortSignal) => Promise<{ ok: true; text: string } | { ok: false; message: string }>;

export type ModelReviewResult = {
  readonly findings: ModelFinding[];
  readonly dropped: number;
  readonly failures: string[];
  /** Paragraph numbers no request covered because it failed or was cancelled. */
  readonly unreviewed: ReadonlySet<number>;
  readonly requests: number;
};

/** Requests in flight at once: enough to overlap the model's latency, few enough not to flood it. */
export const MAX_CONCURRENT_REQUESTS = 3;
/** Room kept in each request for the instructions and the rules. */
const PROMPT_OVERHEAD_CHARS = 1_500;
const MIN_CHUNK_CHARS = 2_000;
const MAX_QUOTE = 300;

export const SYSTEM_PROMPT = [
  'You review part of a document against a firm\'s house rules.',
  'Each paragraph is given as "[number] text". Report every passage that breaks a rule.',
  'Answer with JSON only, no prose: {"findings":[{"rule":"<rule id>","paragraph":<number>,"quote":"<exact words copied from that paragraph>","reason":"<one sentence>","replacement":"<the passage rewritten to follow the rule, or null>"}]}.',
  `Quote at most ${MAX_QUOTE} characters, copied exactly. If nothing breaks a rule, answer {"findings":[]}.`,
].join(' ');

/** Paragraphs packed in order into chunks of at most `budget` characters of text; none is left out. */
export function chunkParagraphs(paragraphs: readonly ModelParagraph[], contextChars: number, rulesChars: number): Chunk[] {
  const budget = Math.max(MIN_CHUNK_CHARS, contextChars - PROMPT_OVERHEAD_CHARS - rulesChars);
  const chunks: Chunk[] = [];
  let pieces: ModelParagraph[] = [];
  let size = 0;
  const flush = () => {
    if (pieces.length === 0) return;
    chunks.push({ pieces, first: pieces[0]!.number, last: pieces.at(-1)!.number });
    pieces = [];
    size = 0;
  };
  for (const p of paragraphs) {
    if (!p.text.trim()) continue;
    const cost = p.text.length + 10;
    if (cost > budget) {
      flush();
      // A paragraph longer than a chunk goes in pieces, each a chunk of its own, so it is read whole.
      for (let at = 0; at < p.text.length; at += budget - 10) chunks.push({ pieces: [{ number: p.number, text: p.text.slice(at, at + budget - 10) }], first: p.number, last: p.number });
      continue;
    }
    if (size + cost > budget) flush();
    pieces.push(p);
    size += cost;
  }
  flush();
  return chunks;
}

export function userPrompt(rules: readonly FreeTextRule[], chunk: Chunk): string {
  const ruleLines = rules.map((r) => `- ${r.id}: ${r.text}`).join('\n');
  const paragraphs = chunk.pieces.map((p) => `[${p.number}] ${p.text}`).join('\n');
  return `Rules:\n${ruleLines}\n\nParagraphs:\n${paragraphs}`;
}

const RawFinding = z.object({
  rule: z.string(),
  paragraph: z.number().int(),
  quote: z.string().min(1).max(MAX_QUOTE * 2),
  reason: z.string().min(1).max(1_000),
  replacement: z.string().max(5_000).nullish(),
});

/** The JSON object in a model's answer, also when wrapped in a code fence or a sentence. */
function parseAnswer(text: string): unknown[] | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    const findings = (value as { findings?: unknown } | null)?.findings;
    return Array.isArray(findings) ? findings : undefined;
  } catch {
    return undefined;
  }
}

/** What one answer holds that can be checked true: findings on a known rule, citing a paragraph of the chunk, quoting it exactly. */
export function checkAnswer(text: string, chunk: Chunk, rules: readonly FreeTextRule[], textOf: (n: number) => string | undefined) {
  const items = parseAnswer(text);
  if (!items) return undefined;
  const ruleIds = new Set(rules.map((r) => r.id));
  const findings: ModelFinding[] = [];
  let dropped = 0;
  for (const item of items) {
    const parsed = RawFinding.safeParse(item);
    const f = parsed.success ? parsed.data : undefined;
    const paragraph = f && f.paragraph >= chunk.first && f.paragraph <= chunk.last ? textOf(f.paragraph) : undefined;
    const offset = f && paragraph !== undefined && ruleIds.has(f.rule) ? paragraph.indexOf(f.quote) : -1;
    if (!f || offset < 0) {
      dropped += 1;
      continue;
    }
    findings.push({ ruleId: f.rule, paragraph: f.paragraph, offset, quote: f.quote, reason: f.reason.trim(), replacement: f.replacement ?? null });
  }
  return { findings, dropped };
}

/** Runs every chunk through the model, MAX_CONCURRENT_REQUESTS at a time, stopping early on `signal`. */
export async function reviewWithModel(
  paragraphs: readonly ModelParagraph[],
  rules: readonly FreeTextRule[],
  options: { contextChars: number; complete: Complete; signal: AbortSignal; onChunk?: (done: number, total: number) => void },
): Promise<ModelReviewResult> {
  const texts = new Map(paragraphs.map((p) => [p.number, p.text]));
  const chunks = chunkParagraphs(paragraphs, options.contextChars, rules.reduce((n, r) => n + r.text.length + r.id.length + 4, 0));
  const findings = new Map<string, ModelFinding>();
  const failures: string[] = [];
  const unreviewed = new Set<number>();
  let dropped = 0;
  let done = 0;
  let requests = 0;
  let next = 0;

  const fail = (chunk: Chunk, why: string) => {
    for (const p of chunk.pieces) unreviewed.add(p.number);
    failures.push(`${span(chunk)}: ${why}`);
  };
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      if (options.signal.aborted) {
        for (const p of chunk.pieces) unreviewed.add(p.number);
        continue;
      }
      requests += 1;
      const answer = await options.complete({ system: SYSTEM_PROMPT, user: userPrompt(rules, chunk) }, options.signal);
      if (!answer.ok) {
        if (options.signal.aborted) for (const p of chunk.pieces) unreviewed.add(p.number);
        else fail(chunk, answer.message);
      } else {
        const checked = checkAnswer(answer.text, chunk, rules, (n) => texts.get(n));
        if (!checked) fail(chunk, 'the model did not answer with findings in the expected form.');
        else {
          dropped += checked.dropped;
          // Reduce: the same passage found twice (a paragraph in pieces, a rule restated) is one finding.
          for (const f of checked.findings) findings.set(`${f.ruleId}|${f.paragraph}|${f.offset}|${f.quote}`, f);
        }
      }
      done += 1;
      options.onChunk?.(done, chunks.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAX_CONCURRENT_REQUESTS, chunks.length) }, worker));
  const ordered = [...findings.values()].sort((a, b) => a.paragraph - b.paragraph || a.offset - b.offset);
  return { findings: ordered, dropped, failures, unreviewed, requests };
}

const span = (chunk: Chunk) => (chunk.first === chunk.last ? `Paragraph ${chunk.first}` : `Paragraphs ${chunk.first}–${chunk.last}`);
