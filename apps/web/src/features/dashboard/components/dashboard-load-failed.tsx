import { PlainButton } from '@/components/plain/plain-button';

/** A card's failed load: what could not be loaded, the server's reason, and a way to try again. */
export function DashboardLoadFailed({
  what,
  error,
  onRetry,
  className,
}: {
  /** 'your courses', 'the news'. */
  what: string;
  error: Error;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <p>
        We could not load {what}. {error.message}
      </p>
      <PlainButton onClick={onRetry}>Try again</PlainButton>
    </div>
  );
}
