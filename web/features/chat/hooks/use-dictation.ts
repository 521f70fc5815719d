import { useCallback, useEffect, useRef, useState } from 'react';

/** The part of the Web Speech API's SpeechRecognition we use (TypeScript's DOM types lack it). */
type Recognition = {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { resultIndex: number; results: SpeechRecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
};
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

const ERRORS: Record<string, string> = {
  'not-allowed': 'Microphone access was not allowed. Allow it in the browser to dictate.',
  'service-not-allowed': 'This browser does not allow speech recognition here.',
  'audio-capture': 'No microphone was found.',
  network: "The browser's speech recognition service could not be reached.",
  'no-speech': 'No speech was heard. Try again and speak after the button turns red.',
  'language-not-supported': "The browser's speech recognition does not support your language.",
};

/**
 * Dictation into the chat input with the browser's speech recognition, where there is one.
 * Final phrases go to `onText`; `error` says why dictation stopped, if it did not end normally.
 */
export function useDictation(onText: (text: string) => void) {
  const [Constructor] = useState(recognitionConstructor);
  const [listening, setListening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  useEffect(() => () => recognition.current?.abort(), []);

  const toggle = useCallback(() => {
    if (recognition.current) {
      recognition.current.stop();
      return;
    }
    if (!Constructor) return;
    const r = new Constructor();
    r.continuous = true;
    r.interimResults = false;
    r.lang = navigator.language || 'en-US';
    r.onresult = ({ resultIndex, results }) => {
      for (let i = resultIndex; i < results.length; i += 1) {
        const result = results[i];
        const transcript = result?.[0]?.transcript.trim();
        if (result?.isFinal && transcript) onTextRef.current(transcript);
      }
    };
    r.onerror = ({ error: code }) => {
      if (code !== 'aborted') setError(ERRORS[code] ?? 'Dictation stopped unexpectedly.');
    };
    r.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    setError(null);
    recognition.current = r;
    try {
      r.start();
      setListening(true);
    } catch {
      recognition.current = null;
      setError('Dictation could not start.');
    }
  }, [Constructor]);

  return { supported: Constructor !== null, listening, error, toggle };
}
