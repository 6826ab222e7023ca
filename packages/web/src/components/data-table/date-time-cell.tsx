import { formatDateTime } from '@/lib/dates';

/**
 * A date and time in a list cell ('03-02-2025 14:05:09'). A narrow table may break it between the
 * date and the time, never inside either.
 */
export function DateTimeCell({ value }: { value: string | null | undefined }) {
  const text = formatDateTime(value);
  if (!text) return null;
  const [date, ...time] = text.split(' ');
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{date}</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{time.join(' ')}</span>
    </>
  );
}
