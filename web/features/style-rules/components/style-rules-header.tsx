import type { ReactNode } from 'react';

/** The page's title and what it is for, with its actions (Export, Import) beside them once the rules are loaded. */
export function StyleRulesHeader({ actions }: { actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Style rules</h1>
        <p className="mt-1 max-w-prose text-muted-foreground">
          Your house style. Every review you run checks your documents against it.
        </p>
      </div>
      {actions && <div className="flex gap-2">{actions}</div>}
    </div>
  );
}
