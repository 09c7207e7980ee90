import { progressContract } from '@candlewise/shared/courses/progress-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificatePdf } from '../../services/courses/certificate-pdf.ts';
import {
  findCertificate,
  listOwnCertificates,
  ownCertificateView,
  publicCertificateView,
  setNameHidden,
} from '../../services/courses/certificates.ts';

const c = progressContract;

/**
 * Certificates (issue #42). A certificate's page and PDF need no sign-in (the id is random and
 * unguessable; lookups are limited per address like other public lookups); the learner's list and
 * hiding their name need their session.
 */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['certificates'];
  const security = [{ bearerAuth: [] }];
  const db = () => app.database.db;
  const lookupLimit = app.limit({
    max: 60,
    windowMs: 60_000,
    key: (request) => `certificate-lookup:ip:${request.ip}`,
    what: 'certificate lookups',
  });

  app.get(
    '/certificates',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The caller’s certificates, newest first',
        response: { 200: c.listMyCertificates.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await listOwnCertificates(db(), request.currentUser)).map(ownCertificateView),
    }),
  );

  app.get(
    '/certificates/:id',
    {
      preHandler: lookupLimit,
      schema: {
        tags,
        summary:
          'A certificate as its public page shows it (no sign-in; the name is hidden if the learner chose so)',
        params: c.getCertificate.params,
        response: { 200: c.getCertificate.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: publicCertificateView(await findCertificate(db(), request.params.id)),
    }),
  );

  app.get(
    '/certificates/:id/pdf',
    {
      preHandler: lookupLimit,
      schema: {
        tags,
        summary: 'The certificate as a PDF (A4 landscape; no sign-in)',
        params: c.downloadCertificatePdf.params,
        response: {
          200: {
            description: 'A file',
            content: { 'application/pdf': { schema: c.downloadCertificatePdf.response } },
          },
        },
      },
    },
    async (request, reply) => {
      const row = await findCertificate(db(), request.params.id);
      const pdf = await certificatePdf(row, `${app.config.publicUrl}/certificates/${row.id}`);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="candlewise-certificate-${row.id}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(pdf as unknown as string);
    },
  );

  app.patch(
    '/certificates/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Hide or show the caller’s name on their certificate’s public page',
        params: c.updateMyCertificate.params,
        body: c.updateMyCertificate.body,
        response: { 200: c.updateMyCertificate.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: ownCertificateView(
        await setNameHidden(db(), request.currentUser, request.params.id, request.body.nameHidden),
      ),
    }),
  );
};
