import { adminProgressContract } from '@candlewise/shared/courses/progress-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listCourseCertificates,
  ownCertificateView,
  revokeCertificate,
} from '../../services/courses/certificates.ts';
import { getCourseRules, replaceCourseRules } from '../../services/courses/course-rules.ts';

const c = adminProgressContract;

/** Admin → Courses: a course's progress rules, its certificates, and revoking one (issue #42). */
export const adminProgressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const db = () => app.database.db;
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/courses/:courseId/progress-rules',
    {
      schema: {
        tags,
        security,
        summary: 'A course’s progress rules: watched share, no skipping ahead, drip interval, prerequisites',
        params: c.getCourseRules.params,
        response: { 200: c.getCourseRules.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getCourseRules(db(), request.params.courseId),
    }),
  );

  app.put(
    '/admin/courses/:courseId/progress-rules',
    {
      schema: {
        tags,
        security,
        summary: 'Replace a course’s progress rules (400 for a prerequisite loop)',
        params: c.replaceCourseRules.params,
        body: c.replaceCourseRules.body,
        response: { 200: c.replaceCourseRules.response },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Progress rules saved.',
      data: await replaceCourseRules(db(), request.params.courseId, request.body),
    }),
  );

  app.get(
    '/admin/courses/:courseId/certificates',
    {
      schema: {
        tags,
        security,
        summary: 'The certificates issued for a course, newest first',
        params: c.listCourseCertificates.params,
        response: { 200: c.listCourseCertificates.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await listCourseCertificates(db(), request.params.courseId)).map(ownCertificateView),
    }),
  );

  app.post(
    '/admin/certificates/:id/revoke',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke a certificate with a reason; its public page then says it is revoked',
        params: c.revokeCertificate.params,
        body: c.revokeCertificate.body,
        response: { 200: c.revokeCertificate.response },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Certificate revoked.',
      data: ownCertificateView(
        await revokeCertificate(db(), request.params.id, request.body.reason, app.clock()),
      ),
    }),
  );
};
