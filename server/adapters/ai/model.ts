/**
 * The AI model behind the assistant, chosen by configuration (docs/architecture.md): any OpenAI-compatible
 * server (Ollama, vLLM, LM Studio, llama.cpp), OpenAI, Anthropic, or the built-in offline engine.
 * All four are AI SDK language models; `streamAnswer` runs one answer with our timeouts and turns
 * every way it can fail into a sentence a user can act on, without secrets.
 */
import { STATUS_CODES } from 'node:http';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { JSONValue, LanguageModelV3, LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import type { ChatFailureCode } from '@common/schemas/chat';
import type { Config } from '../../config';
import type { WorkPool } from '../../work/work-pool';
import { WorkError, seconds as workSeconds } from '../../work/work-error';
import { createOfflineModel } from './offline/offline-model';

export type AiConfig = Config['ai'];

export type AiLimits = {
  /** Until the model shows any sign of life (a token, or reasoning for models that think first). */
  firstTokenMs: number;
  /** Longest silence between two parts of an answer once it has started. */
  idleMs: number;
  /** The whole answer. */
  totalMs: number;
  /** Document text sent along with a question, in characters. */
  contextChars: number;
};

export const DEFAULT_LIMITS: AiLimits = { firstTokenMs: 30_000, idleMs: 30_000, totalMs: 120_000, contextChars: 24_000 };
/** The offline engine reads locally and cheaply, so it gets (nearly) the whole document. */
const OFFLINE_CONTEXT_CHARS = 2_000_000;

export type Ai = {
  provider: AiConfig['provider'];
  modelName: string;
  model: LanguageModelV3;
  /** Where the model lives, for messages; host and port only, never credentials. */
  host: string | undefined;
  limits: AiLimits;
  /** Redacted from any provider text that reaches a user. */
  secret: string | undefined;
  /** Told how each model request went and how long it took (the metrics); absent, nothing is. */
  observe?: (outcome: 'ok' | 'error', seconds: number) => void;
};

/** `work`: where the offline engine computes its answers (the server's worker pool); on this thread without it. */
export function createModel(config: AiConfig, work?: Pick<WorkPool, 'run'>): LanguageModelV3 {
  const model = config.model ?? '';
  switch (config.provider) {
    case 'openai-compatible': {
      const { baseURL, headers } = splitCredentials(required(config.baseUrl, 'AI_BASE_URL'), config.apiKey);
      return createOpenAICompatible({ name: 'openai-compatible', baseURL, apiKey: config.apiKey, headers }).chatModel(model);
    }
    case 'openai':
      return createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl })(model);
    case 'anthropic':
      return createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl })(model);
    case 'offline':
      return createOfflineModel(work && ((request) => work.run('answer', request)));
  }
}

export function createAi(config: AiConfig, limits: Partial<AiLimits> = {}, work?: Pick<WorkPool, 'run'>): Ai {
  const offline = config.provider === 'offline';
  return {
    provider: config.provider,
    modelName: offline ? 'offline' : (config.model ?? ''),
    model: createModel(config, work),
    host: hostOf(config),
    limits: { ...DEFAULT_LIMITS, ...(offline ? { contextChars: OFFLINE_CONTEXT_CHARS } : {}), ...limits },
    secret: config.apiKey,
  };
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required for this AI provider`);
  return value;
}

/**
 * fetch refuses URLs with credentials, but a reverse proxy in front of a local model often wants
 * them: `http://user:pass@host/v1` becomes Basic authentication, unless an API key is configured.
 */
function splitCredentials(baseUrl: string, apiKey: string | undefined): { baseURL: string; headers?: Record<string, string> } {
  const url = new URL(baseUrl);
  if (!url.username && !url.password) return { baseURL: baseUrl };
  const basic = Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64');
  url.username = '';
  url.password = '';
  return { baseURL: url.toString().replace(/\/+$/, ''), headers: apiKey ? undefined : { authorization: `Basic ${basic}` } };
}

function hostOf(config: AiConfig): string | undefined {
  if (config.baseUrl) return new URL(config.baseUrl).host;
  if (config.provider === 'openai') return 'api.openai.com';
  if (config.provider === 'anthropic') return 'api.anthropic.com';
  return undefined;
}

/** What the offline engine reads from `providerOptions.redraft`; other providers ignore it. */
export type RedraftCallOptions = {
  action?: string;
  selection?: string;
  question: string;
  documentText: string;
};

export type AnswerPrompt = {
  system: string;
  messages: Array<{ role: 'user' | 'assistant'; content: string }>;
  redraft: RedraftCallOptions;
};

export type AiFailure = {
  code: ChatFailureCode;
  /** A sentence for the chat, naming what went wrong and that the user's message was kept. */
  message: string;
  /** What went wrong alone, for callers with no message to keep (a review's failed request). */
  sentence: string;
  /** 504 for timeouts, 502 for anything else the model side did (the work pool's too: its route declares these two). */
  status: 502 | 504;
  /** For the server log only. */
  cause?: unknown;
};

export type AnswerOutcome = { ok: true; text: string } | { ok: false; failure: AiFailure };

type StopReason = 'first' | 'idle' | 'total' | 'client';

type AnswerOptions = { onToken?: (text: string) => void; signal?: AbortSignal };

/**
 * Streams one answer: `onToken` gets each piece of text as it arrives. Aborts the model call when
 * a timeout passes or `signal` (the client went away) fires. Never throws.
 * Every model request the server makes goes through here (chat and review alike), which makes
 * this the one place that times them.
 */
export async function streamAnswer(ai: Ai, prompt: AnswerPrompt, options: AnswerOptions = {}): Promise<AnswerOutcome> {
  const started = performance.now();
  const outcome = await answerOnce(ai, prompt, options);
  ai.observe?.(outcome.ok ? 'ok' : 'error', (performance.now() - started) / 1000);
  return outcome;
}

async function answerOnce(ai: Ai, prompt: AnswerPrompt, options: AnswerOptions): Promise<AnswerOutcome> {
  const controller = new AbortController();
  let reason: StopReason | undefined;
  const stop = (why: StopReason) => {
    if (reason) return;
    reason = why;
    controller.abort();
  };
  const { firstTokenMs, idleMs, totalMs } = ai.limits;
  const totalTimer = setTimeout(() => stop('total'), totalMs);
  let waitTimer = setTimeout(() => stop('first'), firstTokenMs);
  const alive = () => {
    clearTimeout(waitTimer);
    waitTimer = setTimeout(() => stop('idle'), idleMs);
  };
  const onClientGone = () => stop('client');
  if (options.signal?.aborted) stop('client');
  options.signal?.addEventListener('abort', onClientGone, { once: true });

  let text = '';
  let error: unknown;
  let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
  try {
    // The model itself, not `streamText`: that layer (prompt re-validation, tools, steps,
    // telemetry, retries, a dozen web streams) cost ~3.5 ms of CPU before the first token and
    // does nothing the chat uses (docs/decisions/017-chat-turn-path.md). One attempt, no retries:
    // the user sees a failure at once, with their message kept to send again.
    const { stream } = await ai.model.doStream({
      prompt: toModelPrompt(prompt),
      abortSignal: controller.signal,
      providerOptions: { redraft: toJson(prompt.redraft) },
    });
    reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const part = next.value;
      if (part.type === 'text-delta') {
        alive();
        if (!part.delta) continue;
        text += part.delta;
        options.onToken?.(part.delta);
      } else if (part.type === 'reasoning-delta') {
        alive();
      } else if (part.type === 'error') {
        error = part.error;
        break;
      }
    }
  } catch (err) {
    error = err;
  } finally {
    clearTimeout(totalTimer);
    clearTimeout(waitTimer);
    options.signal?.removeEventListener('abort', onClientGone);
    // Left early (an error part): let the provider close its connection.
    reader?.cancel().catch(() => undefined);
  }
  if (reason) return { ok: false, failure: stopped(reason, ai.limits) };
  if (error !== undefined) return { ok: false, failure: classifyError(error, ai, text.length > 0) };
  if (!text.trim()) return { ok: false, failure: failure('ai_empty', 'The AI model returned an empty answer.', 502) };
  return { ok: true, text };
}

const KEPT = 'Your message was kept; try again.';

function failure(code: ChatFailureCode, sentence: string, status: AiFailure['status'], cause?: unknown): AiFailure {
  return { code, message: `${sentence} ${KEPT}`, sentence, status, cause };
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

function stopped(reason: StopReason, limits: AiLimits): AiFailure {
  switch (reason) {
    case 'first':
      return failure('ai_timeout', `The AI model did not answer in time (${seconds(limits.firstTokenMs)}).`, 504);
    case 'idle':
      return failure('ai_timeout', `The AI model stopped answering (nothing for ${seconds(limits.idleMs)}).`, 504);
    case 'total':
      return failure('ai_timeout', `The AI model did not finish its answer in time (${seconds(limits.totalMs)}).`, 504);
    case 'client':
      return failure('ai_cancelled', 'The answer was stopped before it finished because the connection closed.', 502);
  }
}

/** The offline engine runs in the server's work pool, with its budgets (server/work). */
function workFailure(err: WorkError): AiFailure {
  switch (err.failure) {
    case 'busy':
      return failure('ai_failed', 'The server is busy with other work right now; wait a few seconds.', 502, err);
    case 'timeout':
      return failure('ai_timeout', `The answer took longer than the ${workSeconds(err.limit ?? 0)} it may take, so it was stopped. Try a shorter selection.`, 504, err);
    case 'memory':
      return failure('ai_failed', 'The answer needed more memory than it may use, so it was stopped. Try a shorter selection.', 502, err);
    case 'failed':
      return failure('ai_failed', 'The AI model could not answer.', 502, err);
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ECONNABORTED']);

export function classifyError(err: unknown, ai: Ai, started: boolean): AiFailure {
  if (err instanceof WorkError) return workFailure(err);
  const where = ai.host ? ` at ${ai.host}` : '';
  if (APICallError.isInstance(err) && err.statusCode !== undefined && err.statusCode >= 400) {
    return failure('ai_error', httpSentence(err.statusCode, providerDetail(err, ai)), 502, err);
  }
  const code = causeCode(err);
  const refused = code !== undefined ? UNREACHABLE.has(code) : APICallError.isInstance(err) && /^Cannot connect/i.test(err.message);
  if (!started && refused) {
    return failure('ai_unreachable', `Could not reach the AI model${where}.`, 502, err);
  }
  if (started || APICallError.isInstance(err) || looksLikeBrokenConnection(err)) {
    return failure('ai_interrupted', `The connection to the AI model${where} broke off before the answer was complete.`, 502, err);
  }
  return failure('ai_failed', 'The AI model could not answer.', 502, err);
}

function httpSentence(status: number, detail: string | undefined): string {
  const label = `${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
  if (status === 401 || status === 403) return `The AI model refused the request (${label}); check the API key the server is configured with.`;
  if (status === 429) return `The AI model is busy or over its rate limit (${label}).`;
  const hint = status === 404 ? '; check the model name and address the server is configured with' : '';
  return `The AI model returned an error (${label}${detail ? `: ${detail}` : ''})${hint}.`;
}

/** The provider's own explanation ("model not found", "context too long") helps; keys never appear in it. */
function providerDetail(err: APICallError, ai: Ai): string | undefined {
  if (err.statusCode === 401 || err.statusCode === 403) return undefined;
  let text = err.message.replace(/\s+/g, ' ').trim();
  if (!text || /^(bad request|internal server error|not found)$/i.test(text) || text === STATUS_CODES[err.statusCode ?? 0]) return undefined;
  if (ai.secret) text = text.split(ai.secret).join('[redacted]');
  text = text.replace(/\b(sk|key|Bearer)[-_ ][A-Za-z0-9._-]{8,}/gi, '[redacted]').replace(/[.\s]+$/, '');
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

function causeCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      current = errors[0];
      continue;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function looksLikeBrokenConnection(err: unknown): boolean {
  const code = causeCode(err);
  if (code && /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/.test(code)) return true;
  return err instanceof TypeError && /terminated|socket|other side closed/i.test(err.message);
}

function toModelPrompt(prompt: AnswerPrompt): LanguageModelV3Prompt {
  return [
    { role: 'system', content: prompt.system },
    ...prompt.messages.map(({ role, content }) => ({ role, content: [{ type: 'text' as const, text: content }] })),
  ];
}

function toJson(options: RedraftCallOptions): Record<string, JSONValue> {
  const out: Record<string, JSONValue> = { question: options.question, documentText: options.documentText };
  if (options.action !== undefined) out.action = options.action;
  if (options.selection !== undefined) out.selection = options.selection;
  return out;
}
