import { differenceInCalendarDays, parseISO } from 'date-fns';

/** Whole days past the due date today (0 when not yet due, or without a due date). */
export function daysOverdue(dueDate: string | null | undefined, today = new Date()): number {
  if (!dueDate) return 0;
  return Math.max(0, differenceInCalendarDays(today, parseISO(dueDate)));
}
