/** The spec's course progress: completions ÷ lessons × 100, rounded; 0 for a course without lessons. */
export function courseProgressPercent(completedCount: number, videoCount: number): number {
  if (videoCount <= 0) return 0;
  return Math.round((Math.min(completedCount, videoCount) / videoCount) * 100);
}
