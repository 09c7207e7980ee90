// The clock hook moved to the app's lib (the practice replay desk uses it too).
export { useNow } from '@/lib/use-now';
