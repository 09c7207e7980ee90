import { UserOutlined } from '@ant-design/icons';
import type { PublicUser } from '@candlewise/shared';
import { useMutation } from '@tanstack/react-query';
import { Avatar } from 'antd';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { toast } from 'react-toastify';
import { FormAlert } from '@/features/auth';
import { updateUser } from '@/lib/auth-slice';
import { profileImageProblem, uploadProfileImage } from '../api/upload-profile-image';

/**
 * The profile picture: choose a file, see it before it is saved, then upload. Type and size are
 * checked here first (PNG, JPEG or WebP, at most 2 MB); the server's refusal is shown as it words it.
 */
export function AvatarUpload({ user }: { user: PublicUser }) {
  const dispatch = useDispatch();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [chosen, setChosen] = useState<{ file: File; previewUrl: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadProfileImage });

  // The preview URL holds the file in memory until revoked.
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.previewUrl) : undefined), [chosen]);

  function handleChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire change again
    if (!file) return;
    upload.reset();
    const refusal = profileImageProblem(file);
    setProblem(refusal);
    setChosen(refusal ? null : { file, previewUrl: URL.createObjectURL(file) });
  }

  function handleSave() {
    if (!chosen) return;
    upload.mutate(chosen.file, {
      onSuccess: (updated) => {
        dispatch(updateUser(updated));
        setChosen(null);
        toast.success('Your profile picture was updated.');
      },
    });
  }

  const src = chosen?.previewUrl ?? user.profile_image_url ?? undefined;
  const error = problem ?? (upload.error ? upload.error.message : null);

  return (
    <div className="cw-profile__avatar">
      <Avatar
        size={96}
        src={src}
        icon={<UserOutlined aria-hidden="true" />}
        alt={chosen ? 'Preview of your new profile picture' : 'Your profile picture'}
      />
      <div className="cw-profile__avatar-actions">
        <input
          ref={inputRef}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="cw-visually-hidden"
          aria-label="Profile picture file"
          aria-describedby={hintId}
          onChange={handleChoose}
          tabIndex={-1}
        />
        {chosen ? (
          <div className="cw-profile__actions">
            <button
              type="button"
              className="cw-button cw-button--primary"
              onClick={handleSave}
              disabled={upload.isPending}
            >
              {upload.isPending ? 'Uploading…' : 'Save picture'}
            </button>
            <button
              type="button"
              className="cw-button cw-button--secondary"
              onClick={() => setChosen(null)}
              disabled={upload.isPending}
            >
              Cancel
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="cw-button cw-button--secondary"
            onClick={() => inputRef.current?.click()}
          >
            Choose a picture
          </button>
        )}
        <p id={hintId} className="cw-profile__hint">
          {chosen ? `Preview of ${chosen.file.name}. Save it to use it.` : 'PNG, JPEG or WebP, at most 2 MB.'}
        </p>
        <FormAlert message={error} />
      </div>
    </div>
  );
}
