'use client';

import { IMAGE_ACCEPT } from '#src/schemas/profile-image.ts';
import { FileField } from '../kit/fields.tsx';

export const IMAGE_HINT = 'JPG, PNG or GIF, less than 5MB.';

/** A file picker for a profile picture: JPG, PNG and GIF, with the format hint. */
export function ImageFileField(props: {
  id: string;
  label: string;
  error?: string | null;
  optional?: boolean;
  disabled?: boolean;
  onChoose: (file: File | null) => void;
}) {
  return <FileField {...props} accept={IMAGE_ACCEPT} hint={IMAGE_HINT} />;
}
