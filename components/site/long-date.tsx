import { CalendarDays } from '@/components/site/icons';
import { formatLongDate } from '@/lib/format';

/** A calendar icon and the date in US English long form (docs/product.md §9), as every post card shows it. */
export function LongDate({ date }: { date: string }) {
  return (
    <>
      <CalendarDays aria-hidden="true" className="size-4" />
      <time dateTime={date}>{formatLongDate(date)}</time>
    </>
  );
}
