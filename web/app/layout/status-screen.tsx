import { Spinner } from '@web/components/ui/spinner';

/** A whole-screen wait with its text, e.g. 'Loading...' while the session is checked. */
export function StatusScreen({ text }: { text: string }) {
  return (
    <div className="grid min-h-screen place-items-center" role="status" aria-live="polite">
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <Spinner />
        <span>{text}</span>
      </div>
    </div>
  );
}
