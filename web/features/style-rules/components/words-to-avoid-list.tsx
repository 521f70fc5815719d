import { ArrowRight, Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { MAX_WORDS_TO_AVOID } from '@common/schemas/review';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import type { StyleRulesForm } from './style-rules-editor';

/** The words to avoid, each with its replacement (which may be left empty): add, change, remove. */
export function WordsToAvoidList({ form }: { form: StyleRulesForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'wordsToAvoid' });
  const errors = form.formState.errors.wordsToAvoid;
  const full = fields.length >= MAX_WORDS_TO_AVOID;

  return (
    <div className="grid gap-3">
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">No words yet. Add one, such as 'utilise' to be replaced by 'use'.</p>
      ) : (
        <ul aria-label="Words to avoid" className="grid gap-2">
          {fields.map((field, i) => {
            const error = errors?.[i]?.word?.message ?? errors?.[i]?.replacement?.message;
            const errorId = `${field.id}-error`;
            const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
            return (
              <li key={field.id} className="grid grid-cols-[1fr_auto_1fr_auto] items-center gap-2">
                <Input aria-label={`Word ${i + 1}`} placeholder="Word to avoid" {...invalid} {...form.register(`wordsToAvoid.${i}.word`)} />
                <ArrowRight className="size-4 text-muted-foreground" aria-hidden="true" />
                <Input aria-label={`Replacement for word ${i + 1}`} placeholder="Use instead (optional)" {...form.register(`wordsToAvoid.${i}.replacement`)} />
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove word ${i + 1}`} onClick={() => remove(i)}>
                  <Trash2 aria-hidden="true" />
                </Button>
                {error && (
                  <p id={errorId} className="col-span-4 text-sm font-medium text-destructive">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {(errors?.root?.message ?? errors?.message) && <p className="text-sm font-medium text-destructive">{errors?.root?.message ?? errors?.message}</p>}
      <div>
        <Button type="button" variant="outline" size="sm" disabled={full} onClick={() => append({ word: '', replacement: '' })}>
          <Plus aria-hidden="true" />
          Add word
        </Button>
        {full && <span className="ml-3 text-sm text-muted-foreground">That is the most a style can hold ({MAX_WORDS_TO_AVOID}).</span>}
      </div>
    </div>
  );
}
