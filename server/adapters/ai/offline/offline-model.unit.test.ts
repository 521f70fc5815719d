import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { ANSWER_NOTE, NOTHING_FOUND } from './answer';
import { createOfflineModel } from './offline-model';

const SELECTION = 'Teh contract is is signed by a employee.';
const FIXED = 'The contract is signed by an employee.';
const CONTRACT = 'Fees. The Customer shall pay a monthly fee of £2,000.\nTerm. The agreement lasts for twelve months from signature.';

describe('createOfflineModel', () => {
  it('streams the engine answer word by word through streamText', async () => {
    const result = streamText({
      model: createOfflineModel(),
      system: 'You are an editor.',
      messages: [{ role: 'user', content: `Proofread: "${SELECTION}"` }],
      providerOptions: { redraft: { action: 'proofread', selection: SELECTION, question: 'Proofread', documentText: CONTRACT } },
    });
    const pieces: string[] = [];
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces).toEqual(['The ', 'contract ', 'is ', 'signed ', 'by ', 'an ', 'employee.']);
    expect(await result.text).toBe(FIXED);
    expect(await result.finishReason).toBe('stop');
    expect(await result.usage).toMatchObject({ inputTokens: 8, outputTokens: 7 });
  });

  it('answers a question about the document through generateText', async () => {
    const { text } = await generateText({
      model: createOfflineModel(),
      prompt: 'How long does the agreement last?',
      providerOptions: { redraft: { question: 'How long does the agreement last?', documentText: CONTRACT } },
    });
    expect(text).toBe(`"The agreement lasts for twelve months from signature."\n${ANSWER_NOTE}`);
  });

  it('without Redraft options, treats the last user message as a question about no document', async () => {
    const { text } = await generateText({ model: createOfflineModel(), prompt: 'What is the notice period?' });
    expect(text).toBe(NOTHING_FOUND);
  });

  it('refuses options it does not understand', async () => {
    await expect(
      generateText({ model: createOfflineModel(), prompt: 'Hi', maxRetries: 0, providerOptions: { redraft: { action: 'translate' } } }),
    ).rejects.toThrow(/providerOptions\.redraft/);
  });

  it('emits the V3 stream parts in order', async () => {
    const model = createOfflineModel();
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Simplify' }] }],
      providerOptions: { redraft: { action: 'simplify', selection: 'We will commence work.' } },
    });
    const parts: LanguageModelV3StreamPart[] = [];
    const reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'We ' },
      { type: 'text-delta', id: 'text-0', delta: 'will ' },
      { type: 'text-delta', id: 'text-0', delta: 'start ' },
      { type: 'text-delta', id: 'text-0', delta: 'work.' },
      { type: 'text-end', id: 'text-0' },
      {
        type: 'finish',
        finishReason: { unified: 'stop', raw: undefined },
        usage: { inputTokens: { total: 4, noCache: 4, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 4, text: 4, reasoning: 0 } },
      },
    ]);
  });

  it('stops streaming when the call is aborted', async () => {
    const abort = new AbortController();
    const { stream } = await createOfflineModel().doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Proofread' }] }],
      providerOptions: { redraft: { action: 'proofread', selection: SELECTION } },
      abortSignal: abort.signal,
    });
    const reader = stream.getReader();
    expect((await reader.read()).value).toEqual({ type: 'stream-start', warnings: [] });
    abort.abort(new Error('client gone'));
    await expect(reader.read()).rejects.toThrow('client gone');
  });

  it('lets the event loop turn while a long answer streams, instead of holding it to the last word', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const { stream } = await createOfflineModel(async () => long).doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Proofread' }] }],
      providerOptions: { redraft: { action: 'proofread', selection: long } },
    });
    let turned = false;
    setImmediate(() => (turned = true));
    const reader = stream.getReader();
    let partsBeforeTurn = 0;
    while (!(await reader.read()).done) if (!turned) partsBeforeTurn += 1;
    expect(turned).toBe(true);
    expect(partsBeforeTurn).toBeLessThan(50);
  });
});
