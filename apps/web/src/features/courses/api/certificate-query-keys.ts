import { courseKeys } from './course-query-keys';

/**
 * Progress and certificate queries (issue #42). Requirements sit under the course keys, so an
 * admin's course edit refreshes them too; certificates have their own root.
 */
export const progressKeys = {
  requirements: (courseId: string) => [...courseKeys.all, 'requirements', courseId] as const,
  adminRules: (courseId: string) => [...courseKeys.all, 'admin-rules', courseId] as const,
  adminCertificates: (courseId: string) => [...courseKeys.all, 'admin-certificates', courseId] as const,
};

export const certificateKeys = {
  all: ['certificates'] as const,
  mine: () => [...certificateKeys.all, 'mine'] as const,
};
