/** '1 lesson', '3 lessons' (the spec's 'N lessons'). */
export function lessonCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'lesson' : 'lessons'}`;
}

/** A whole course's length for a card: '45 min', '1 h 45 min', '2 h'. Lessons themselves show m:ss. */
export function formatCourseLength(totalSeconds: number): string {
  const minutes = Math.round(Math.max(0, totalSeconds) / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** What the card's button says: start a new course, continue one under way, review a finished one. */
export function courseActionLabel(progress: number): 'Start course' | 'Continue' | 'Review' {
  if (progress >= 100) return 'Review';
  return progress > 0 ? 'Continue' : 'Start course';
}

/** The lesson page, opened on the lesson to continue with when there is one. */
export function courseLessonsPath(courseId: string, videoId?: number | null): string {
  const path = `/courseVideos/${encodeURIComponent(courseId)}`;
  return videoId ? `${path}?video=${videoId}` : path;
}
