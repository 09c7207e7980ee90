import { formatAbsoluteTime, formatRelativeTime } from '@/lib/format-relative-time';

/** "25 minutes ago", with the full date and time on hover and for machines. */
export function NewsTime({ iso, now = Date.now() }: { iso: string; now?: number }) {
  return (
    <time dateTime={iso} title={formatAbsoluteTime(iso) ?? undefined}>
      {formatRelativeTime(iso, now) ?? ''}
    </time>
  );
}
