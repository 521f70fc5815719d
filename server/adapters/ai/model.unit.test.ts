import { APICallError, type LanguageModelV3CallOptions, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../../tests/support/fake-openai';
import { freePort } from '../../../tests/support/server-process';
import { type Ai, type AnswerPrompt, createAi, createModel, DEFAULT_LIMITS, streamAnswer } from './model';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

type Step = { text: string } | { wait: number } | { reasoning: string } | { fail: unknown } | 'hang';

/** A model that plays the steps, and errors its stream when the call is aborted, as a real fetch does. */
function scripted(steps: Step[], calls: LanguageModelV3CallOptions[] = []) {
  return new MockLanguageModelV3({
    doStream: async (options) => {
      calls.push(options);
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          options.abortSignal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'reasoning-start', id: 'r' });
          controller.enqueue({ type: 'text-start', id: 't' });
          for (const step of steps) {
            if (options.abortSignal?.aborted) return;
            if (step === 'hang') return;
            if ('wait' in step) await new Promise((r) => setTimeout(r, step.wait));
            else if ('text' in step) controller.enqueue({ type: 'text-delta', id: 't', delta: step.text });
            else if ('reasoning' in step) controller.enqueue({ type: 'reasoning-delta', id: 'r', delta: step.reasoning });
            else controller.enqueue({ type: 'error', error: step.fail });
          }
          if (options.abortSignal?.aborted) return;
          controller.enqueue({ type: 'reasoning-end', id: 'r' });
          controller.enqueue({ type: 'text-end', id: 't' });
          controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
          controller.close();
        },
      });
      return { stream };
    },
  });
}

const ai = (model: MockLanguageModelV3, limits: Partial<Ai['limits']> = {}): Ai => ({
  provider: 'openai-compatible',
  modelName: 'mock',
  model,
  host: 'models.example:8080',
  limits: { ...DEFAULT_LIMITS, firstTokenMs: 200, idleMs: 200, totalMs: 2000, ...limits },
  secret: 'sk-live-0123456789abcdef',
});

const prompt: AnswerPrompt = {
  system: 'Be helpful.',
  messages: [{ role: 'user', content: 'Question: why?' }],
  redraft: { action: 'proofread', selection: 'teh cat', question: 'Proofread: teh cat', documentText: 'teh cat sat' },
};

describe('createModel', () => {
  it('builds each configured provider', () => {
    const compatible = createModel({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' });
    expect([compatible.provider, compatible.modelId]).toEqual(['openai-compatible.chat', 'llama3.1']);
    expect(createModel({ provider: 'openai', apiKey: 'k', model: 'gpt-4.1-mini' }).provider).toMatch(/^openai\./);
    expect(createModel({ provider: 'anthropic', apiKey: 'k', model: 'claude-sonnet-4-5' }).provider).toMatch(/^anthropic\./);
    expect(createModel({ provider: 'offline' }).specificationVersion).toBe('v3');
  });

  it('turns credentials in the address into Basic authentication, which fetch would refuse in a URL', async () => {
    const fake = await startFakeOpenAI();
    try {
      const remote = createAi({ provider: 'openai-compatible', baseUrl: `http://proxy:p%40ss@127.0.0.1:${fake.port}/v1`, model: 'm' });
      expect(await streamAnswer(remote, prompt)).toEqual({ ok: true, text: 'Hello from the fake model.' });
      expect(fake.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from('proxy:p@ss').toString('base64')}`);
    } finally {
      await fake.close();
    }
  });

  it('names the host without credentials and gives the offline engine the whole document', () => {
    const remote = createAi({ provider: 'openai-compatible', baseUrl: 'https://user:pw@llm.internal:8443/v1', model: 'm' }, { idleMs: 5 });
    expect(remote.host).toBe('llm.internal:8443');
    expect(remote.limits).toEqual({ ...DEFAULT_LIMITS, idleMs: 5 });
    expect(createAi({ provider: 'anthropic', apiKey: 'k', model: 'm' }).host).toBe('api.anthropic.com');
    expect(createAi({ provider: 'offline' }).limits.contextChars).toBeGreaterThan(1_000_000);
  });
});

describe('streamAnswer', () => {
  it('passes each piece on as it arrives, and hands the offline engine its options', async () => {
    const calls: LanguageModelV3CallOptions[] = [];
    const tokens: string[] = [];
    const outcome = await streamAnswer(ai(scripted([{ text: 'The' }, { text: ' cat' }], calls)), prompt, { onToken: (t) => tokens.push(t) });
    expect(outcome).toEqual({ ok: true, text: 'The cat' });
    expect(tokens).toEqual(['The', ' cat']);
    expect(calls[0]!.providerOptions).toEqual({ redraft: prompt.redraft });
    expect(calls[0]!.prompt[0]).toEqual({ role: 'system', content: 'Be helpful.' });
  });

  it('times out when no token comes', async () => {
    const outcome = await streamAnswer(ai(scripted(['hang'])), prompt);
    expect(outcome).toMatchObject({ ok: false, failure: { code: 'ai_timeout', status: 504 } });
    expect(!outcome.ok && outcome.failure.message).toBe('The AI model did not answer in time (0.2 s). Your message was kept; try again.');
  });

  it('times out when the answer stops halfway, but not while the model is reasoning', async () => {
    const stalled = await streamAnswer(ai(scripted([{ text: 'Half' }, 'hang'])), prompt);
    expect(!stalled.ok && stalled.failure.message).toBe('The AI model stopped answering (nothing for 0.2 s). Your message was kept; try again.');
    const thinking = [{ reasoning: 'hmm' }, { wait: 150 }, { reasoning: 'hmm' }, { wait: 150 }, { text: 'Done.' }] satisfies Step[];
    expect(await streamAnswer(ai(scripted(thinking)), prompt)).toEqual({ ok: true, text: 'Done.' });
  });

  it('caps the whole answer', async () => {
    const steps: Step[] = Array.from({ length: 20 }, () => [{ text: '.' }, { wait: 50 }] as Step[]).flat();
    const outcome = await streamAnswer(ai(scripted(steps), { totalMs: 300 }), prompt);
    expect(!outcome.ok && outcome.failure.message).toBe('The AI model did not finish its answer in time (0.3 s). Your message was kept; try again.');
  });

  it('stops when the client goes away', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const outcome = await streamAnswer(ai(scripted([{ text: 'a' }, { wait: 100 }, { text: 'b' }])), prompt, { signal: controller.signal });
    expect(outcome).toMatchObject({ ok: false, failure: { code: 'ai_cancelled' } });
  });

  it('tells the observer how each request went and how long it took, whatever the ending', async () => {
    const seen: Array<[string, number]> = [];
    const observe = (outcome: string, seconds: number) => seen.push([outcome, seconds]);
    await streamAnswer({ ...ai(scripted([{ wait: 60 }, { text: 'Yes.' }])), observe }, prompt);
    await streamAnswer({ ...ai(scripted(['hang'])), observe }, prompt);
    await streamAnswer({ ...ai(scripted([{ fail: new Error('boom') }])), observe }, prompt);
    expect(seen.map(([outcome]) => outcome)).toEqual(['ok', 'error', 'error']);
    expect(seen[0]![1]).toBeGreaterThanOrEqual(0.05);
    expect(seen[1]![1]).toBeGreaterThanOrEqual(0.19); // the 0.2 s first-token timeout
  });

  it('treats an empty answer as a failure', async () => {
    expect(await streamAnswer(ai(scripted([{ text: '  ' }])), prompt)).toMatchObject({ ok: false, failure: { code: 'ai_empty' } });
  });

  it("reports the provider's HTTP error with its status, never the API key", async () => {
    const notFound = new APICallError({
      message: 'model "llama9" not found, try pulling it first (key sk-live-0123456789abcdef)',
      url: 'http://x/v1/chat/completions',
      requestBodyValues: {},
      statusCode: 404,
    });
    const outcome = await streamAnswer(ai(scripted([{ fail: notFound }])), prompt);
    expect(!outcome.ok && outcome.failure.message).toBe(
      'The AI model returned an error (404 Not Found: model "llama9" not found, try pulling it first (key [redacted])); ' +
        'check the model name and address the server is configured with. Your message was kept; try again.',
    );
    const denied = new APICallError({ message: 'Incorrect API key sk-live-0123456789abcdef', url: 'u', requestBodyValues: {}, statusCode: 401 });
    const refused = await streamAnswer(ai(scripted([{ fail: denied }])), prompt);
    expect(!refused.ok && refused.failure.message).toBe(
      'The AI model refused the request (401 Unauthorized); check the API key the server is configured with. Your message was kept; try again.',
    );
  });

  it('tells an unreachable server from a connection that broke off', async () => {
    const port = await freePort();
    const closed = createAi({ provider: 'openai-compatible', baseUrl: `http://proxy:secret-pw@127.0.0.1:${port}/v1`, model: 'm' });
    const unreachable = await streamAnswer(closed, prompt);
    expect(!unreachable.ok && unreachable.failure).toMatchObject({
      code: 'ai_unreachable',
      status: 502,
      message: `Could not reach the AI model at 127.0.0.1:${port}. Your message was kept; try again.`,
    });
    const cut = await streamAnswer(ai(scripted([{ text: 'Half' }, { fail: new TypeError('terminated') }])), prompt);
    expect(!cut.ok && cut.failure.code).toBe('ai_interrupted');
  });
});
