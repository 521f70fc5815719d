import { Mic, MicOff } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useDictation } from '../hooks/use-dictation';
import { Hint } from '@web/components/ui/tooltip';

const UNSUPPORTED = 'Voice input is not supported in this browser';

/** Dictation into the chat input where the browser can recognise speech; otherwise it says it cannot. */
export function VoiceButton({ onText, disabled }: { onText: (text: string) => void; disabled: boolean }) {
  const { supported, listening, error, toggle } = useDictation(onText);
  useEffect(() => {
    if (error) toast({ variant: 'destructive', title: 'Dictation stopped', description: error });
  }, [error]);

  if (!supported) {
    return (
      <Hint label={UNSUPPORTED} disabled>
        <Button type="button" variant="ghost" size="icon" className="size-9" disabled aria-label={UNSUPPORTED}>
          <MicOff aria-hidden="true" />
        </Button>
      </Hint>
    );
  }
  const label = listening ? 'Stop dictation' : 'Dictate a message';
  return (
    <Hint label={listening ? label : `${label} (the browser's speech service hears it)`}>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className={listening ? 'size-9 bg-destructive/10 text-destructive hover:bg-destructive/20' : 'size-9'}
        aria-label={label}
        aria-pressed={listening}
        disabled={disabled && !listening}
        onClick={toggle}
      >
        <Mic aria-hidden="true" />
      </Button>
    </Hint>
  );
}
