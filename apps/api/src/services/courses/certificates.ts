import { certificates, courses, type DbExecutor, type UserRow } from '@candlewise/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { CertificateRow } from './course-completion.ts';

/** Certificates (issue #42): the public page's view, the learner's own, and an admin's revocation. */

export const CERTIFICATE_NOT_FOUND = 'We could not find a certificate with that id.';

/** What anyone with the address sees; the name is null when the learner hid it. */
export function publicCertificateView(row: CertificateRow) {
  return {
    id: row.id,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    learnerName: row.nameHidden ? null : row.learnerName,
    issuedAt: row.issuedAt.toISOString(),
    scoreSummary: row.scoreSummary,
    revoked: row.revokedAt !== null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
  };
}

/** The learner's (or an admin's) view: the name always, and whether it is hidden. */
export function ownCertificateView(row: CertificateRow) {
  return { ...publicCertificateView(row), learnerName: row.learnerName, nameHidden: row.nameHidden };
}

export async function findCertificate(db: DbExecutor, id: string): Promise<CertificateRow> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return row;
}

export async function listOwnCertificates(db: DbExecutor, user: UserRow) {
  return db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, user.id))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
}

/** The learner hides or shows their name on the public page; another learner's certificate is 404. */
export async function setNameHidden(db: DbExecutor, user: UserRow, id: string, nameHidden: boolean) {
  const [row] = await db
    .update(certificates)
    .set({ nameHidden })
    .where(and(eq(certificates.id, id), eq(certificates.userId, user.id)))
    .returning();
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return row;
}

export async function listCourseCertificates(db: DbExecutor, courseId: string) {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('We could not find that course.');
  return db
    .select()
    .from(certificates)
    .where(eq(certificates.courseId, courseId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
}

/** An admin revokes a certificate with a reason; the public page then says it is revoked. */
export async function revokeCertificate(db: DbExecutor, id: string, reason: string, now: Date) {
  await findCertificate(db, id);
  const [row] = await db
    .update(certificates)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
    .returning();
  if (!row) throw conflict('This certificate is already revoked.');
  return row;
}
