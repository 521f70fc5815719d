import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import type { Matcher } from 'react-day-picker';
import { Button } from '@web/components/ui/button';
import { Calendar } from '@web/components/ui/calendar';
import type { FieldControlProps } from '@web/components/ui/field';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { cn } from '@web/lib/utils';
import { formatDay, parseDay } from '../lib/task-format';

type DueDatePickerProps = FieldControlProps & {
  /** An ISO string, or null for no due date (docs/product.md §5). */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The days that cannot be picked: the create and edit forms differ (docs/product.md §5). */
  disabled: Matcher | Matcher[];
};

/** A button showing the chosen day; it opens the calendar in a popover, which closes on a pick. */
export function DueDatePicker({ value, onChange, disabled, ...control }: DueDatePickerProps) {
  const [open, setOpen] = useState(false);
  const selected = parseDay(value);
  const shown = formatDay(value);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          {...control}
          type="button"
          variant="outline"
          className={cn('w-full justify-start font-normal', !shown && 'text-muted-foreground')}
        >
          <CalendarDays aria-hidden="true" />
          {shown ?? 'Pick a date'}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start">
        <Calendar
          mode="single"
          required
          selected={selected}
          defaultMonth={selected}
          disabled={disabled}
          onSelect={(day) => {
            // Local midnight of the chosen day, sent as ISO (docs/product.md §5).
            onChange(day.toISOString());
            setOpen(false);
          }}
          autoFocus
        />
        {value && (
          <div className="border-t p-2">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="w-full"
              onClick={() => {
                onChange(null);
                setOpen(false);
              }}
            >
              No due date
            </Button>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
