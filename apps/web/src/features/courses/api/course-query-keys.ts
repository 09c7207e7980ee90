/**
 * Every course query starts with 'courses', so one invalidation refreshes the catalogue, the
 * open course and the admin panel together after an admin edit.
 */
export const courseKeys = {
  all: ['courses'] as const,
  catalogue: () => [...courseKeys.all, 'catalogue'] as const,
  detail: (courseId: string) => [...courseKeys.all, 'detail', courseId] as const,
  outline: (courseId: string) => [...courseKeys.all, 'outline', courseId] as const,
};
