import type { DemoSample } from '../lib/demo-samples';

/**
 * The sample as a page. Before the suggestion is applied its passage is shown selected (or a
 * cursor marks where an insertion goes); after, the change is drawn like a tracked change: the
 * old words struck through, the new ones underlined, so a visitor sees exactly what the AI did.
 */
export function DemoDocument({ sample, applied }: { sample: DemoSample; applied: boolean }) {
  return (
    <article
      aria-label={`Sample document: ${sample.title}`}
      className="min-h-full rounded-lg border bg-white px-5 py-6 text-left font-serif text-[15px] leading-relaxed text-slate-800 shadow-sm sm:px-10 sm:py-8"
    >
      {sample.paragraphs.map((paragraph, index) =>
        paragraph.kind === 'heading' ? (
          <p key={index} className="mt-4 font-sans font-semibold text-slate-900 first:mt-0 first:text-lg">
            {paragraph.segments.map((s) => ('text' in s ? s.text : ''))}
          </p>
        ) : (
          <p key={index} className="mt-3">
            {paragraph.segments.map((segment, i) =>
              'text' in segment ? segment.text : <Passage key={i} sample={sample} applied={applied} />,
            )}
          </p>
        ),
      )}
    </article>
  );
}

function Passage({ sample, applied }: { sample: DemoSample; applied: boolean }) {
  if (!applied) {
    if (sample.original === '') {
      return <span aria-label="cursor" className="mx-px inline-block h-[1.1em] w-0.5 animate-[caret-blink_1s_step-end_infinite] bg-primary align-[-0.15em]" />;
    }
    return (
      <mark data-testid="demo-selection" className="rounded-sm bg-blue-100 text-inherit">
        {sample.original}
      </mark>
    );
  }
  return (
    <>
      {sample.original && (
        <del data-testid="demo-deleted" className="text-red-700 decoration-red-700">
          {sample.original}
        </del>
      )}{' '}
      <ins data-testid="demo-inserted" className="bg-emerald-50 text-emerald-800 underline decoration-emerald-700">
        {sample.replacement.trim()}
      </ins>
    </>
  );
}
