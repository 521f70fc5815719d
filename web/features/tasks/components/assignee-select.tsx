import type { FieldControlProps } from '@web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { useAssignees } from '../api/get-assignees';

/** Radix allows no '' item value, so "nobody" has a value of its own. */
const UNASSIGNED = 'unassigned';

type AssigneeSelectProps = FieldControlProps & {
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur: () => void;
  /** The current assignee's name, shown even if they have left the staff list. */
  currentName: string | null;
};

/** The staff a task can be given to, by name (GET /api/tasks/assignees), and 'Unassigned'. */
export function AssigneeSelect({ value, onChange, onBlur, currentName, ...control }: AssigneeSelectProps) {
  const { data: staff = [], isPending, isError } = useAssignees();
  const missing = value !== null && !staff.some((member) => member.id === value);

  return (
    <Select value={value === null ? UNASSIGNED : String(value)} onValueChange={(next) => onChange(next === UNASSIGNED ? null : Number(next))}>
      <SelectTrigger {...control} onBlur={onBlur}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
        {missing && <SelectItem value={String(value)}>{currentName ?? (isPending ? 'Loading staff...' : 'Former staff member')}</SelectItem>}
        {staff.map((member) => (
          <SelectItem key={member.id} value={String(member.id)}>
            {member.name}
          </SelectItem>
        ))}
        {isError && (
          <SelectItem value="staff-unavailable" disabled>
            Could not load the staff list
          </SelectItem>
        )}
      </SelectContent>
    </Select>
  );
}
