import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { type ChevronProps, DayPicker } from 'react-day-picker';
import { cn } from '@web/lib/utils';
import { buttonVariants } from './button';

/**
 * react-day-picker styled with utility classes only: its own stylesheet is not imported, so it
 * cannot restyle other screens. A day's state comes from the data attributes DayPicker sets on
 * its cell (data-selected, data-today, data-outside, data-disabled), read through `group/day`.
 * Weeks start on Sunday unless a caller says otherwise.
 */
export function Calendar({ className, classNames, showOutsideDays = true, weekStartsOn = 0, ...props }: ComponentProps<typeof DayPicker>) {
  const navButton = cn(buttonVariants({ variant: 'outline', size: 'icon' }), 'size-8 bg-transparent p-0 aria-disabled:opacity-50');
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      weekStartsOn={weekStartsOn}
      className={cn('w-fit p-3', className)}
      classNames={{
        root: 'relative',
        months: 'relative flex flex-col gap-4',
        month: 'flex flex-col gap-4',
        nav: 'absolute inset-x-0 top-0 flex h-8 items-center justify-between',
        button_previous: navButton,
        button_next: navButton,
        month_caption: 'flex h-8 items-center justify-center px-10',
        caption_label: 'text-sm font-medium',
        month_grid: 'border-collapse',
        weekdays: '',
        weekday: 'size-9 p-0 text-[0.8rem] font-normal text-muted-foreground',
        week: '',
        day: 'group/day size-9 p-0 text-center text-sm',
        day_button: cn(
          'inline-flex size-9 items-center justify-center rounded-md font-normal transition-colors outline-none',
          'hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
          'group-data-[today=true]/day:bg-muted group-data-[today=true]/day:font-semibold',
          'group-data-[outside=true]/day:text-muted-foreground',
          'group-data-[selected=true]/day:bg-primary group-data-[selected=true]/day:text-primary-foreground group-data-[selected=true]/day:hover:bg-primary-hover',
          'disabled:cursor-not-allowed disabled:text-muted-foreground disabled:opacity-50 disabled:hover:bg-transparent',
        ),
        hidden: 'invisible',
        ...classNames,
      }}
      components={{ Chevron: CalendarChevron }}
      {...props}
    />
  );
}

function CalendarChevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon className={cn('size-4', className)} aria-hidden="true" />;
}
