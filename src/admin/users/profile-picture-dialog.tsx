'use client';

import { Upload } from 'lucide';
import type { FormEvent } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import type { PublicUser } from '#src/schemas/user.ts';
import { Dialog, DialogActions } from '../kit/dialog.tsx';
import { FormAlert } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { updateUserProfileImage, uploadProfileImage } from './api.ts';
import { useImageChoice } from './image-file.ts';
import { ImageFileField } from './image-file-field.tsx';
import { PICTURE_UPDATED, PROFILE_FAILED, UPLOAD_FAILED, UPLOAD_FAILED_TITLE } from './messages.ts';
import { UserAvatar } from './user-avatar.tsx';

/** 'Update Profile Picture' for the given user; closed while `user` is null. */
export function ProfilePictureDialog({
  user,
  onClose,
  onUpdated,
}: {
  user: PublicUser | null;
  onClose: () => void;
  onUpdated: () => void;
}) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => open || onClose()}
      title="Update Profile Picture"
      description={user ? `Choose a new picture for ${user.email}.` : undefined}
    >
      {user && <PictureForm user={user} onCancel={onClose} onUpdated={onUpdated} />}
    </Dialog>
  );
}

function PictureForm({ user, onCancel, onUpdated }: { user: PublicUser; onCancel: () => void; onUpdated: () => void }) {
  const image = useImageChoice();
  const { busy, failure, run } = useAction();

  async function save(profileImageUrl: string | null) {
    const saved = await run(() => updateUserProfileImage(user.id, profileImageUrl), {
      success: { title: PICTURE_UPDATED, description: user.email },
      failureTitle: PROFILE_FAILED,
    });
    if (saved !== FAILED) onUpdated();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const file = image.file;
    if (!file) return;
    const url = await run(() => uploadProfileImage(file), { failureTitle: UPLOAD_FAILED_TITLE, fallback: UPLOAD_FAILED });
    if (url !== FAILED) await save(url);
  }

  const remove = () => save(null);

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <div className="flex flex-col items-center gap-1.5">
          <UserAvatar user={user} src={image.preview} size="lg" />
          <span className="text-xs text-muted">{image.preview ? 'Preview' : 'Current'}</span>
        </div>
        <div className="w-full min-w-0 flex-1">
          <ImageFileField id="profile-picture-file" label="Choose image" error={image.error} onChoose={image.choose} disabled={busy} />
        </div>
      </div>
      <FormAlert message={failure} className="mt-4" />
      <DialogActions>
        {user.profileImageUrl && !image.file && (
          <Button variant="ghost" onClick={remove} disabled={busy} className="sm:mr-auto">
            Remove picture
          </Button>
        )}
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !image.file}>
          <Icon shapes={Upload} aria-hidden="true" className="size-4" />
          {busy ? 'Saving...' : 'Upload'}
        </Button>
      </DialogActions>
    </form>
  );
}
