import { Check, Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldPath, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { StyleRules } from '@common/schemas/review';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { STYLE_RULES_EXPORT_URL } from '../api/export-style-rules';
import { useSaveStyleRules } from '../api/save-style-rules';
import { SERIAL_COMMA_LABELS, SPELLING_LABELS, styleRulesResolver } from '../lib/style-rules-form';
import { BuiltInRuleSwitches } from './built-in-rule-switches';
import { FreeTextRuleList } from './free-text-rule-list';
import { ImportRulesButton } from './import-rules-button';
import { StyleRulesHeader } from './style-rules-header';
import { WordsToAvoidList } from './words-to-avoid-list';

export type StyleRulesForm = UseFormReturn<StyleRules, unknown, StyleRules>;

/** A refused save's issues, each naming its field as the form does ('wordsToAvoid.1.word'). */
const IssuesSchema = z.object({ issues: z.array(z.object({ path: z.string(), message: z.string() })) });

type StyleRulesEditorProps = { rules: StyleRules; onImported: () => void };

/** Every setting of the house style in one form, saved whole; Export and Import beside the title. */
export function StyleRulesEditor({ rules, onImported }: StyleRulesEditorProps) {
  const form = useForm<StyleRules, unknown, StyleRules>({ resolver: styleRulesResolver, defaultValues: rules });
  const save = useSaveStyleRules();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { isDirty, isSubmitting, errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      form.reset(await save.mutateAsync(values));
      setSaved(true);
    } catch (error) {
      const details = error instanceof ApiError ? IssuesSchema.safeParse(error.details) : undefined;
      for (const issue of details?.success ? details.data.issues : []) {
        form.setError(issue.path as FieldPath<StyleRules>, { type: 'server', message: issue.message });
      }
      setFailure(`Your rules were not saved: ${errorMessage(error, 'try again in a moment.')}`);
    }
  });

  const imported = (file: string) => {
    toast({ title: 'Style rules imported', description: `Your rules are now the ones in ${file}.` });
    onImported();
  };

  const exportButton = isDirty ? (
    // A link cannot be disabled; the saved rules are what it would download.
    <Button variant="outline" disabled>
      <Download aria-hidden="true" />
      Export
    </Button>
  ) : (
    <Button variant="outline" asChild>
      <a href={STYLE_RULES_EXPORT_URL} download>
        <Download aria-hidden="true" />
        Export
      </a>
    </Button>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <StyleRulesHeader
        actions={
          <>
            {exportButton}
            <ImportRulesButton onImported={imported} onFailed={setFailure} />
          </>
        }
      />
      {failure && (
        <div role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-4 py-3 text-sm">
          {failure}
        </div>
      )}

      <Section title="Spelling and punctuation" description="Which spelling to hold documents to, and whether lists take a comma before 'and'.">
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField form={form} name="spelling" label="Spelling" labels={SPELLING_LABELS} />
          <ChoiceField form={form} name="serialComma" label="Serial comma" labels={SERIAL_COMMA_LABELS} />
        </div>
      </Section>

      <Section title="Sentences and reading level" description="Longer sentences, and paragraphs above the reading grade (Flesch-Kincaid), are flagged.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Longest sentence (words)" error={errors.maxSentenceWords?.message}>
            {(control) => <Input {...control} type="number" inputMode="numeric" min={10} max={200} {...form.register('maxSentenceWords', { valueAsNumber: true })} />}
          </Field>
          <Field label="Highest reading grade" error={errors.maxReadingGrade?.message}>
            {(control) => <Input {...control} type="number" inputMode="numeric" min={4} max={30} {...form.register('maxReadingGrade', { valueAsNumber: true })} />}
          </Field>
        </div>
      </Section>

      <Section title="Words to avoid" description="Each is flagged wherever it appears, with its replacement offered when you give one.">
        <WordsToAvoidList form={form} />
      </Section>

      <Section title="Rules for the AI reviewer" description="Rules in your own words, checked by the AI model over the whole document. Reviews without a model skip them.">
        <FreeTextRuleList form={form} />
      </Section>

      <Section title="Built-in checks" description="Checks that run on every review. Switch off the ones your documents do not need.">
        <BuiltInRuleSwitches form={form} />
      </Section>

      <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0">
        <p role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground">
          {isSubmitting ? 'Saving...' : isDirty ? 'Unsaved changes' : saved && <SavedMark />}
        </p>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function SavedMark() {
  return (
    <>
      <Check className="size-4 text-primary" aria-hidden="true" />
      Saved
    </>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

type ChoiceName = 'spelling' | 'serialComma';

/** A setting with a fixed set of choices, shown by their labels. */
function ChoiceField<Name extends ChoiceName>({ form, name, label, labels }: { form: StyleRulesForm; name: Name; label: string; labels: Record<StyleRules[Name], string> }) {
  return (
    <Field label={label} error={form.formState.errors[name]?.message}>
      {(control) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger {...control} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(labels) as StyleRules[Name][]).map((option) => (
                  <SelectItem key={option} value={option}>
                    {labels[option]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </Field>
  );
}
