import { useEffect, useState } from 'react';

/** docs/product.md §9's typing animation. */
const TYPE_MS = 120;
const DELETE_MS = 80;
const BEFORE_NEXT_WORD_MS = 300;
const HOLD_WORD_MS = 1200;

type TypingState = { index: number; length: number; deleting: boolean };

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Types each word, holds it, deletes it, moves on; a still first word for reduced motion. */
export function useTypedWord(words: readonly string[]): string {
  const [reduced] = useState(prefersReducedMotion);
  const [state, setState] = useState<TypingState>({ index: 0, length: 0, deleting: false });
  const word = words[state.index] ?? '';

  useEffect(() => {
    if (reduced || words.length === 0) return;
    const [delay, next] = step(state, word.length, words.length);
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [reduced, state, word.length, words.length]);

  return reduced ? (words[0] ?? '') : word.slice(0, state.length);
}

function step(state: TypingState, wordLength: number, wordCount: number): [number, TypingState] {
  if (!state.deleting && state.length < wordLength) return [TYPE_MS, { ...state, length: state.length + 1 }];
  if (!state.deleting) return [HOLD_WORD_MS, { ...state, deleting: true }];
  if (state.length > 0) return [DELETE_MS, { ...state, length: state.length - 1 }];
  return [BEFORE_NEXT_WORD_MS, { index: (state.index + 1) % wordCount, length: 0, deleting: false }];
}
