import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation } from 'wouter';
import { type DemoSample, READY_TO_JOIN_MESSAGE, SYSTEM_UPDATED_MESSAGE } from '../lib/demo-samples';

/** docs/product.md §9's landing demo timings. */
export const REPLY_DELAY_MS = 1500;
export const AUTOFILL_DELAY_MS = 2000;
export const REDIRECT_DELAY_MS = 1000;
/** docs/product.md §4: once the chat holds this many messages, a send leads to the waitlist. */
const MESSAGES_BEFORE_WAITLIST = 3;

/** docs/product.md §3's demo chat message. */
export type DemoMessage = { id: number; role: 'user' | 'assistant' | 'system'; content: string; insertable: boolean };

type DemoState = { messages: DemoMessage[]; input: string; pending: boolean; applied: boolean; leaving: boolean };

type DemoAction =
  | { type: 'reset'; greeting: string }
  | { type: 'input'; value: string }
  | { type: 'send' }
  | { type: 'leave' }
  | { type: 'reply'; content: string }
  | { type: 'apply' }
  | { type: 'autofill' };

let nextId = 0;
const message = (role: DemoMessage['role'], content: string, insertable = false): DemoMessage => ({
  id: ++nextId,
  role,
  content,
  insertable,
});

const initial = (greeting: string): DemoState => ({
  messages: [message('assistant', greeting)],
  input: '',
  pending: false,
  applied: false,
  leaving: false,
});

function reduce(state: DemoState, action: DemoAction): DemoState {
  switch (action.type) {
    case 'reset':
      return initial(action.greeting);
    case 'input':
      return { ...state, input: action.value };
    case 'send':
      return { ...state, messages: [...state.messages, message('user', state.input.trim())], input: '', pending: true };
    case 'leave':
      return { ...state, messages: [...state.messages, message('user', state.input.trim())], input: '', leaving: true };
    case 'reply':
      return { ...state, messages: [...state.messages, message('assistant', action.content, true)], pending: false };
    case 'apply':
      if (state.applied) return state;
      return { ...state, applied: true, messages: [...state.messages, message('system', SYSTEM_UPDATED_MESSAGE)] };
    case 'autofill':
      // Only into an empty box: a visitor's own words are never overwritten.
      return state.input === '' ? { ...state, input: READY_TO_JOIN_MESSAGE } : state;
  }
}

/**
 * The scripted chat beside a sample: the greeting counts as the first reply, so the answer to the
 * visitor's first request is the second, and 2 s later the waitlist line is filled in. Every timer
 * is cleared when the sample changes or the page goes, so nothing fires into a stale script.
 */
export function useDemoChat(sample: DemoSample) {
  const [state, dispatch] = useReducer(reduce, sample.greeting, initial);
  const [, setLocation] = useLocation();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  useEffect(() => {
    const pendingTimers = timers.current;
    dispatch({ type: 'reset', greeting: sample.greeting });
    return () => {
      for (const timer of pendingTimers) clearTimeout(timer);
      pendingTimers.clear();
    };
  }, [sample]);

  const canSend = state.input.trim() !== '' && !state.pending && !state.leaving;

  const send = () => {
    if (!canSend) return;
    if (state.messages.length >= MESSAGES_BEFORE_WAITLIST) {
      dispatch({ type: 'leave' });
      later(REDIRECT_DELAY_MS, () => setLocation('/waitlist'));
      return;
    }
    dispatch({ type: 'send' });
    const replies = state.messages.filter((m) => m.role === 'assistant').length + 1;
    later(REPLY_DELAY_MS, () => {
      dispatch({ type: 'reply', content: sample.reply });
      if (replies === 2) later(AUTOFILL_DELAY_MS, () => dispatch({ type: 'autofill' }));
    });
  };

  return {
    ...state,
    canSend,
    send,
    setInput: (value: string) => dispatch({ type: 'input', value }),
    apply: () => dispatch({ type: 'apply' }),
  };
}
