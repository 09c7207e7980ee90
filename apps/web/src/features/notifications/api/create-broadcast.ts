import type { BodyOf, DataOf } from '@candlewise/shared/api/contract';
import type { notificationContract } from '@candlewise/shared/notifications/notification-contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * The limits and sentences of POST /admin/notifications (apps/api notification-routes), so the form
 * and a 400 from the API read the same. Keep the two in step.
 */
export const BROADCAST_TITLE_MAX = 120;
export const BROADCAST_MESSAGE_MAX = 1000;
export const BROADCAST_LINK_MAX = 300;
/** A path inside Candlewise: one slash, then not a second one (that would be another host). */
const IN_APP_PATH = /^\/[^/\\]/;

export type BroadcastAudience = 'everyone' | 'user';

export type BroadcastFormValues = {
  title: string;
  message: string;
  link: string;
  audience: BroadcastAudience;
  /** The chosen user's id when the audience is one user. */
  userId: string | null;
};

export type BroadcastField = keyof Omit<BroadcastFormValues, 'audience'>;

/** What POST /admin/notifications takes; a null userId sends it to everyone. */
export type CreateBroadcastInput = BodyOf<typeof notificationContract.createBroadcast>;

/** The first problem with each field, in the API's words; an empty object when the form can be sent. */
export function validateBroadcast(values: BroadcastFormValues): Partial<Record<BroadcastField, string>> {
  const errors: Partial<Record<BroadcastField, string>> = {};
  const title = values.title.trim();
  const message = values.message.trim();
  const link = values.link.trim();
  if (!title) errors.title = 'Add a title.';
  else if (title.length > BROADCAST_TITLE_MAX) errors.title = 'Keep the title under 120 characters.';
  if (!message) errors.message = 'Add a message.';
  else if (message.length > BROADCAST_MESSAGE_MAX)
    errors.message = 'Keep the message under 1,000 characters.';
  if (link && (link.length > BROADCAST_LINK_MAX || !IN_APP_PATH.test(link))) {
    errors.link = 'Use a path inside Candlewise, such as /course.';
  }
  if (values.audience === 'user' && !values.userId) errors.userId = 'Choose who should get it.';
  return errors;
}

/** What is sent: trimmed, without an empty link, and userId null for everyone. */
export function toBroadcastInput(values: BroadcastFormValues): CreateBroadcastInput {
  const link = values.link.trim();
  return {
    title: values.title.trim(),
    message: values.message.trim(),
    ...(link ? { link } : {}),
    userId: values.audience === 'user' ? values.userId : null,
  };
}

/** POST /admin/notifications (admins): stores it and pushes it to the recipients' live bells. */
export function createBroadcast(input: CreateBroadcastInput) {
  return apiClient.post<DataOf<typeof notificationContract.createBroadcast>>('/admin/notifications', input);
}

export function useCreateBroadcast() {
  return useMutation({ mutationFn: createBroadcast });
}
