import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { MAX_FREE_TEXT_RULES, MAX_RULE_TEXT } from '@common/schemas/review';
import { Button } from '@web/components/ui/button';
import { Textarea } from '@web/components/ui/textarea';
import { nextRuleId } from '../lib/style-rules-form';
import type { StyleRulesForm } from './style-rules-editor';

/** Rules in plain words for the model: add, change, remove. Each keeps its id, by which findings name it. */
export function FreeTextRuleList({ form }: { form: StyleRulesForm }) {
  // 'key', not the default 'id': each rule has an id of its own, which the list must not stand in for.
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'freeTextRules', keyName: 'key' });
  const errors = form.formState.errors.freeTextRules;
  const full = fields.length >= MAX_FREE_TEXT_RULES;

  return (
    <div className="grid gap-3">
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">No rules yet. Add one, such as 'Every indemnity must be mutual'.</p>
      ) : (
        <ol aria-label="Rules for the AI reviewer" className="grid gap-2">
          {fields.map((field, i) => {
            const error = errors?.[i]?.text?.message ?? errors?.[i]?.id?.message;
            const errorId = `${field.key}-error`;
            const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
            return (
              <li key={field.key} className="grid grid-cols-[1fr_auto] items-start gap-2">
                <Textarea
                  aria-label={`Rule ${i + 1}`}
                  rows={2}
                  maxLength={MAX_RULE_TEXT}
                  className="min-h-16"
                  placeholder="Payment terms must not exceed 30 days"
                  {...invalid}
                  {...form.register(`freeTextRules.${i}.text`)}
                />
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove rule ${i + 1}`} onClick={() => remove(i)}>
                  <Trash2 aria-hidden="true" />
                </Button>
                {error && (
                  <p id={errorId} className="col-span-2 text-sm font-medium text-destructive">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {(errors?.root?.message ?? errors?.message) && <p className="text-sm font-medium text-destructive">{errors?.root?.message ?? errors?.message}</p>}
      <div>
        <Button type="button" variant="outline" size="sm" disabled={full} onClick={() => append({ id: nextRuleId(form.getValues('freeTextRules')), text: '' })}>
          <Plus aria-hidden="true" />
          Add rule
        </Button>
        {full && <span className="ml-3 text-sm text-muted-foreground">That is the most a style can hold ({MAX_FREE_TEXT_RULES}).</span>}
      </div>
    </div>
  );
}
