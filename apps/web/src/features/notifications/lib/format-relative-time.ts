// Moved to lib/ so news cards show times the same way; kept for these imports.
export { formatAbsoluteTime, formatRelativeTime } from '@/lib/format-relative-time';
