import type { UserRow } from '@candlewise/db';
import { userContract } from '@candlewise/shared/user/user-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { sendJsonText } from '../../lib/ttl-cache.ts';
import { assertSelf } from '../../plugins/authentication.ts';
import { notificationChannel } from '../../services/notifications/notify.ts';
import { deleteAccount } from '../../services/users/delete-account.ts';
import { findUserById } from '../../services/users/find-user.ts';
import {
  contentTypeByExtension,
  PROFILE_IMAGE_MAX_BYTES,
  setProfileImage,
} from '../../services/users/profile-image.ts';
import { toPublicUser } from '../../services/users/to-public-user.ts';
import { updateUserDetails } from '../../services/users/update-user-details.ts';

const c = userContract;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The answer's JSON per user row the identity cache holds: checked against the contract and
   * serialised once, not on every page load. A write to the user replaces the cached row (the
   * forget), so a new row is a new key and the old text goes with the old row.
   */
  const detailsText = new WeakMap<UserRow, string>();
  const details = (user: UserRow) => {
    let text = detailsText.get(user);
    if (text === undefined) {
      text = JSON.stringify(
        c.getUserDetails.response.parse({ success: true, data: { userData: toPublicUser(user) } }),
      );
      detailsText.set(user, text);
    }
    return text;
  };

  app.get(
    '/user/details/:userId',
    {
      // Read on every page load: the identity cache answers it. Every write by the user, and every
      // change made to them elsewhere (admin, plan expiry, webhook), forgets the entry first.
      onRequest: app.authenticateCached,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user (or, for admins, any user)',
        security: [{ bearerAuth: [] }],
        params: c.getUserDetails.params,
        response: { 200: c.getUserDetails.response },
      },
    },
    async (request, reply) => {
      assertSelf(request, request.params.userId, { allowAdmin: true });
      const user =
        request.params.userId === request.currentUser.id
          ? request.currentUser
          : await findUserById(app.database.db, request.params.userId);
      if (!user) throw notFound('No user has that id.');
      return sendJsonText(reply, details(user));
    },
  );

  app.put(
    '/user/update/user-details',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Mark notifications viewed up to a time, and/or update profile fields',
        security: [{ bearerAuth: [] }],
        body: c.updateUserDetails.body,
        response: { 200: c.updateUserDetails.response },
      },
    },
    async (request) => {
      const { userId, ...changes } = request.body;
      assertSelf(request, userId);
      const user = await updateUserDetails(app.database.db, request.currentUser, changes);
      if (changes.lastNotificationViewedAt) {
        // Open streams (any process, any tab) drop the bell count at once.
        await app.eventBus.publish(notificationChannel(user.id), { type: 'viewed' }).catch(() => undefined);
      }
      return { success: true as const, data: { user: toPublicUser(user) } };
    },
  );

  app.put(
    '/user/profile-image',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Upload a profile picture (multipart field "image"; PNG, JPEG or WebP; at most 2 MB)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: c.uploadProfileImage.response },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the picture as multipart/form-data in the field "image".',
        );
      }
      const file = await request.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError(400, 'BAD_REQUEST', 'Choose a picture to upload in the field "image".');
      const bytes = await file.toBuffer(); // throws FST_REQ_FILE_TOO_LARGE (→ 413) past the limit
      const user = await setProfileImage(app.database.db, app.fileStorage, request.currentUser, bytes);
      return { success: true as const, data: { user: toPublicUser(user) } };
    },
  );

  app.get(
    '/uploads/avatars/:file',
    {
      schema: {
        tags: ['users'],
        summary: 'A profile picture',
        params: c.getAvatar.params,
        response: {
          200: {
            description: 'The picture',
            content: { 'image/*': { schema: c.getAvatar.response } },
          },
        },
      },
    },
    async (request, reply) => {
      const content = await app.fileStorage.get(`avatars/${request.params.file}`);
      if (!content) throw notFound('That picture does not exist.');
      const extension = request.params.file.split('.').pop()!;
      return (
        reply
          .type(contentTypeByExtension[extension])
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Content-Disposition', 'inline')
          .header('Cross-Origin-Resource-Policy', 'same-origin')
          // The bytes go out as they are (no serialiser): the contract types a file as a binary string.
          .send(content as unknown as string)
      );
    },
  );

  app.delete(
    '/user/account',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Delete the account and its data (password required)',
        security: [{ bearerAuth: [] }],
        body: c.deleteAccount.body,
        response: { 200: c.deleteAccount.response },
      },
    },
    async (request) => {
      await deleteAccount(app.database.db, app.fileStorage, request.currentUser, request.body.password);
      return { success: true as const, message: 'Your account and its data were deleted.', data: null };
    },
  );
};
