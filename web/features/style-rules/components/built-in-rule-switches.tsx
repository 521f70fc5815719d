import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { BUILT_IN_RULE_LABELS, BUILT_IN_RULES, type BuiltInRule } from '@common/schemas/review';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import type { StyleRulesForm } from './style-rules-editor';

/** A switch for each built-in check: on runs it, off lists it in `disabled`. */
export function BuiltInRuleSwitches({ form }: { form: StyleRulesForm }) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name="disabled"
      render={({ field }) => {
        const off = new Set<BuiltInRule>(field.value);
        // In the rules' own order, so switching one off and on again leaves the form unchanged.
        const toggle = (rule: BuiltInRule, on: boolean) => field.onChange(BUILT_IN_RULES.filter((r) => (r === rule ? !on : off.has(r))));
        return (
          <ul aria-label="Built-in checks" className="grid gap-2 sm:grid-cols-2">
            {BUILT_IN_RULES.map((rule) => (
              <li key={rule} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                <Label htmlFor={`${id}-${rule}`} className="font-normal">
                  {BUILT_IN_RULE_LABELS[rule]}
                </Label>
                <Switch id={`${id}-${rule}`} checked={!off.has(rule)} onCheckedChange={(on) => toggle(rule, on)} />
              </li>
            ))}
          </ul>
        );
      }}
    />
  );
}
