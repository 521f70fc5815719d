import { ListChecks } from 'lucide-react';
import { useId } from 'react';
import type { Finding } from '@common/schemas/review';
import { Button } from '@web/components/ui/button';
import { type FindingGroup as Group, canApply } from '../lib/findings';
import { FindingItem } from './finding-item';

type FindingGroupProps = {
  group: Group;
  /** Select and apply; absent when the editor cannot (ONLYOFFICE). */
  actions?: { select: (finding: Finding) => void; apply: (finding: Finding) => void; applyAll: (group: Group) => void };
  onDismiss: (finding: Finding) => void;
  canEdit: boolean;
  canSelect: boolean;
  notes: Readonly<Record<string, string>>;
};

/** One rule's findings under its name and count, with 'Apply all' while any of them can be applied. */
export function FindingGroup({ group, actions, onDismiss, canEdit, canSelect, notes }: FindingGroupProps) {
  const headingId = useId();
  const applicable = group.findings.some(canApply);
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex items-center gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {group.label} <span className="font-normal text-muted-foreground">({group.findings.length})</span>
        </h3>
        {actions && applicable && (
          <Button variant="outline" size="sm" className="ml-auto h-7 px-2 text-xs" onClick={() => actions.applyAll(group)} disabled={!canEdit}>
            <ListChecks aria-hidden="true" />
            Apply all
          </Button>
        )}
      </div>
      <ul className="grid gap-2">
        {group.findings.map((finding) => (
          <FindingItem
            key={finding.id}
            finding={finding}
            onSelect={actions && (() => actions.select(finding))}
            onApply={actions && finding.replacement !== null ? () => actions.apply(finding) : undefined}
            onDismiss={() => onDismiss(finding)}
            canEdit={canEdit}
            canSelect={canSelect}
            note={notes[finding.id]}
          />
        ))}
      </ul>
    </section>
  );
}
