import type { PublicUser } from '@candlewise/shared';
import type { DataOf } from '@candlewise/shared/api/contract';
import type { userContract } from '@candlewise/shared/user/user-contract';
import { apiClient } from '@/lib/api-client';

/** What the API accepts (PUT /user/profile-image): PNG, JPEG or WebP, at most 2 MB. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The same rule checked in the browser before anything is sent, so a wrong file is refused at once
 * with a sentence; the server checks the bytes again (413 too large, 415 not an image).
 */
export function profileImageProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a PNG, JPEG or WebP image.';
  }
  if (file.size > PROFILE_IMAGE_MAX_BYTES) {
    const megabytes = (file.size / (1024 * 1024)).toFixed(1);
    return `That picture is ${megabytes} MB; the limit is 2 MB. Choose a smaller one.`;
  }
  return null;
}

/** PUT /user/profile-image, multipart field "image"; answers the user with the new profile_image_url. */
export async function uploadProfileImage(file: File): Promise<PublicUser> {
  const body = new FormData();
  body.append('image', file);
  const response = await apiClient.put<DataOf<typeof userContract.uploadProfileImage>>(
    '/user/profile-image',
    body,
  );
  return response.data.user;
}
