import { BookOpen, FileSignature, LayoutTemplate, PlayCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { useDemoChat } from '../hooks/use-demo-chat';
import { DEMO_SAMPLE_IDS, DEMO_SAMPLES, type DemoSampleId } from '../lib/demo-samples';
import { DemoChat } from './demo-chat';
import { DemoDocument } from './demo-document';

const ICONS: Record<DemoSampleId, typeof FileSignature> = {
  contracts: FileSignature,
  manuscripts: BookOpen,
  templates: LayoutTemplate,
};

/** docs/product.md §2 and §4: three sample documents and a scripted assistant, intro overlay first. No network. */
export function LandingDemo() {
  const [sampleId, setSampleId] = useState<DemoSampleId>('contracts');
  const [started, setStarted] = useState(false);
  const sample = DEMO_SAMPLES[sampleId];
  const chat = useDemoChat(sample);
  const inputRef = useRef<HTMLInputElement>(null);

  // The overlay's button goes away when pressed; keyboard focus moves on to the chat's input.
  useEffect(() => {
    if (started) inputRef.current?.focus({ preventScroll: true });
  }, [started]);

  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Sample document" className="mx-auto flex flex-wrap justify-center gap-2">
        {DEMO_SAMPLE_IDS.map((id) => {
          const Icon = ICONS[id];
          return (
            <Button
              key={id}
              variant={id === sampleId ? 'default' : 'outline'}
              size="sm"
              aria-pressed={id === sampleId}
              onClick={() => setSampleId(id)}
            >
              <Icon aria-hidden="true" />
              {DEMO_SAMPLES[id].label}
            </Button>
          );
        })}
      </div>
      <div className="relative">
        {/* Until the visitor starts, the demo underneath is visible but out of reach of focus. */}
        <div inert={!started} className={cn('grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]', !started && 'opacity-60 blur-[1px]')}>
          <div className="rounded-xl border bg-slate-100 p-3 sm:p-6">
            <DemoDocument sample={sample} applied={chat.applied} />
          </div>
          <DemoChat sample={sample} chat={chat} inputRef={inputRef} />
        </div>
        {!started && (
          <div className="absolute inset-0 grid place-items-center p-4">
            <div className="max-w-sm rounded-xl border bg-background p-6 text-center shadow-lg">
              <h3 className="text-lg font-semibold">Try the assistant on a sample</h3>
              <p className="mt-2 text-sm text-muted-foreground">
                Ask for a change, then apply it: the document updates in place, and the change is marked like a tracked change.
              </p>
              <Button className="mt-4" onClick={() => setStarted(true)}>
                <PlayCircle aria-hidden="true" />
                Start the demo
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
