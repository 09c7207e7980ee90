export type ChapterInput = { name: string; startTime: number; endTime: number };

/** Chapters lie inside the video, start before they end, and do not overlap. Returns problems, or []. */
export function chapterProblems(
  chapters: ChapterInput[],
  durationSeconds: number,
): Array<{ index: number; message: string }> {
  const problems: Array<{ index: number; message: string }> = [];
  chapters.forEach((chapter, index) => {
    if (chapter.startTime < 0 || chapter.endTime > durationSeconds) {
      problems.push({
        index,
        message: `"${chapter.name}" must lie inside the video (0 to ${durationSeconds} s).`,
      });
    }
    if (chapter.endTime <= chapter.startTime) {
      problems.push({ index, message: `"${chapter.name}" must end after it starts.` });
    }
  });
  const ordered = chapters
    .map((chapter, index) => ({ ...chapter, index }))
    .sort((a, b) => a.startTime - b.startTime);
  for (let i = 1; i < ordered.length; i += 1) {
    if (ordered[i].startTime < ordered[i - 1].endTime) {
      problems.push({
        index: ordered[i].index,
        message: `"${ordered[i].name}" overlaps "${ordered[i - 1].name}".`,
      });
    }
  }
  return problems;
}
