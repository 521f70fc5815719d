import { useState } from 'react';
import type { Finding, Review } from '@common/schemas/review';
import { useUpdateFindings } from '../api/update-finding';
import { type FindingGroup as Group, applyOrder, changeReason, groupByRule } from '../lib/findings';
import type { PassageLookup, ReviewEditor } from '../lib/review-editor';
import { FindingGroup } from './finding-group';

type ReviewFindingsProps = {
  documentId: number;
  review: Review;
  editor: ReviewEditor;
  /** 'Suggest edits': Apply writes a tracked change. */
  suggest: boolean;
  /** The document is open and editable. */
  canEdit: boolean;
  /** The document is open. */
  canSelect: boolean;
};

const CHANGED_SINCE = 'This passage has changed since the review.';

const PART_NAMES: Record<string, string> = { header: 'a header', footer: 'a footer', footnotes: 'a footnote', endnotes: 'an endnote' };

function lookupNote(lookup: Exclude<PassageLookup, 'selected'>, finding: Finding) {
  if (lookup === 'changed') return CHANGED_SINCE;
  const part = PART_NAMES[finding.paragraph.part];
  return part ? `This passage is in ${part}, which cannot be selected from here.` : 'This paragraph is no longer in the document.';
}

/**
 * The findings by rule, and what can be done with them. Apply selects the passage and replaces
 * the selection the way the chat's Replace does (the new text keeps the formatting of the text
 * it replaces; a tracked change when 'Suggest edits' is on, with the finding's reason as its
 * comment), then records the finding as applied. An editor that can preview shows each change
 * first: only an accepted one is made and recorded; a discarded one stays open.
 */
export function ReviewFindings({ documentId, review, editor, suggest, canEdit, canSelect }: ReviewFindingsProps) {
  const update = useUpdateFindings(documentId);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const groups = groupByRule(review.findings);

  const note = (id: string, text: string | null) =>
    setNotes(({ [id]: _gone, ...rest }) => (text ? { ...rest, [id]: text } : rest));

  const select = (finding: Finding) => {
    const lookup = editor.selectPassage?.({ paraId: finding.paragraph.paraId, offset: finding.offset, quote: finding.quote }) ?? 'missing';
    note(finding.id, lookup === 'selected' ? null : lookupNote(lookup, finding));
    return lookup === 'selected';
  };

  const record = (findingIds: string[]) => {
    if (findingIds.length > 0) update.mutate({ reviewId: review.id, findingIds, status: 'applied' });
  };
  const cannotChange = (finding: Finding) => note(finding.id, 'The document cannot be changed right now.');

  /** Applies each in the order given; records those the document took. */
  const applyEach = (findings: Finding[]) => {
    if (editor.previewChange) return void previewEach(editor.previewChange.bind(editor), findings);
    const applied: string[] = [];
    for (const finding of findings) {
      if (finding.replacement === null || !select(finding)) continue;
      if (editor.replaceSelection(finding.replacement, { suggest, exact: true })) applied.push(finding.id);
      else cannotChange(finding);
    }
    record(applied);
  };

  /** One preview after another, each recorded as soon as it is accepted; a discarded one is skipped. */
  const previewEach = async (preview: NonNullable<ReviewEditor['previewChange']>, findings: Finding[]) => {
    for (const finding of findings) {
      if (finding.replacement === null || !select(finding)) continue;
      const outcome = await preview({ kind: 'replace', text: finding.replacement, suggest, exact: true, reason: changeReason(finding) });
      if (outcome === 'accepted') record([finding.id]);
      else if (outcome === 'failed') cannotChange(finding);
    }
  };

  // Engines that cannot reach a paragraph (ONLYOFFICE) list the findings without select and apply.
  const actions = editor.selectPassage
    ? { select: (finding: Finding) => void select(finding), apply: (finding: Finding) => applyEach([finding]), applyAll: (group: Group) => applyEach(applyOrder(group.findings)) }
    : undefined;
  const dismiss = (finding: Finding) => {
    note(finding.id, null);
    update.mutate({ reviewId: review.id, findingIds: [finding.id], status: 'dismissed' });
  };

  if (groups.length === 0) return <p className="text-sm text-muted-foreground">Nothing to change: no rule found anything in what was reviewed.</p>;
  return (
    <div className="grid gap-4">
      {groups.map((group) => (
        <FindingGroup key={group.rule} group={group} actions={actions} onDismiss={dismiss} canEdit={canEdit} canSelect={canSelect} notes={notes} />
      ))}
    </div>
  );
}
