'use client';

import { Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast-store.ts';
import type { PublicUser } from '../../schemas/user.ts';
import { updateUserProfileImage, uploadProfileImage } from './api.ts';
import { FormAlert, ImageFileField } from './fields.tsx';
import { useImageChoice } from './image-file.ts';
import { PICTURE_UPDATED, PROFILE_FAILED, TRY_AGAIN, UPLOAD_FAILED, UPLOAD_FAILED_TITLE } from './messages.ts';
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
  const toast = useToast();
  const image = useImageChoice();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(profileImageUrl: string | null) {
    try {
      await updateUserProfileImage(user.id, profileImageUrl);
      toast({ title: PICTURE_UPDATED, description: user.email });
      onUpdated();
    } catch (error) {
      const message = errorMessage(error, TRY_AGAIN);
      toast({ variant: 'destructive', title: PROFILE_FAILED, description: message });
      setFailure(message);
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!image.file) return;
    setBusy(true);
    setFailure(null);
    let url: string;
    try {
      url = await uploadProfileImage(image.file);
    } catch (error) {
      const message = errorMessage(error, UPLOAD_FAILED);
      toast({ variant: 'destructive', title: UPLOAD_FAILED_TITLE, description: message });
      setFailure(message);
      setBusy(false);
      return;
    }
    await save(url);
  }

  async function remove() {
    setBusy(true);
    setFailure(null);
    await save(null);
  }

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
      <FormAlert message={failure} />
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
          <Upload aria-hidden="true" className="size-4" />
          {busy ? 'Saving...' : 'Upload'}
        </Button>
      </DialogActions>
    </form>
  );
}
