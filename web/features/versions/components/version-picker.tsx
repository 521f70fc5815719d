import type { Version } from '@common/schemas/versions';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';

type VersionPickerProps = {
  versions: Version[];
  from: number;
  to: number;
  onChange: (from: number, to: number) => void;
};

/** The two versions compared; a version cannot be compared with itself, so each list leaves out the other's choice. */
export function VersionPicker({ versions, from, to, onChange }: VersionPickerProps) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <One id="compare-from" label="From version" versions={versions} value={from} other={to} onChange={(v) => onChange(v, to)} />
      <One id="compare-to" label="To version" versions={versions} value={to} other={from} onChange={(v) => onChange(from, v)} />
    </div>
  );
}

type OneProps = { id: string; label: string; versions: Version[]; value: number; other: number; onChange: (version: number) => void };

function One({ id, label, versions, value, other, onChange }: OneProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={String(value)} onValueChange={(next) => onChange(Number(next))}>
        <SelectTrigger id={id} className="w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {versions.map((v) => (
            <SelectItem key={v.version} value={String(v.version)} disabled={v.version === other}>
              Version {v.version}
              {v.current ? ' (current)' : v.conflict ? ' (conflict)' : ''}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
