'use client';

import { Mountain } from 'lucide';
import type { ChangeEvent } from 'react';
import { buttonClass } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { SquareImage } from '#src/components/ui/square-image.tsx';
import { cn } from '#src/lib/cn.ts';
import { AA_TEXT, brandPalette } from '#src/schemas/brand.ts';
import { contrastRatio, HEX_COLOUR, ratioInWords } from '#src/schemas/colour.ts';
import type { AdminMediaItem } from '#src/schemas/media.ts';
import { controlClass, Field, type FieldFrame, fieldAria, SelectField } from '../kit/fields.tsx';
import { type MediaChoices, MoreImages, useMediaChoices } from '../media/media-choices.tsx';

// Settings → Brand (issue 31 §5): the two colours, each typed or picked, a live sample of the
// buttons they make, and the logo and favicon chosen among the images in Media.

interface TextControl {
  id: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
}

/** A typed colour as `#rrggbb`, or undefined while it is not one. */
export const asColour = (value: string) => (HEX_COLOUR.test(value.trim()) ? value.trim().toLowerCase() : undefined);

/** A colour as `#rrggbb` text (labelled, with the schema's message under it) beside the browser's colour picker. */
export function ColourField({
  label,
  hint,
  fallback,
  ...control
}: TextControl & Pick<FieldFrame, 'label' | 'hint'> & { fallback: string }) {
  const frame = { id: control.id, label, hint, error: control.error, required: true };
  return (
    <Field {...frame}>
      <div className="mt-1.5 flex gap-2">
        <input
          type="color"
          aria-label={`${label}: colour picker`}
          value={asColour(control.value) ?? fallback}
          onChange={control.onChange}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-control border border-line bg-surface p-1"
        />
        <input
          {...fieldAria(frame)}
          value={control.value}
          onChange={control.onChange}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          className={cn(controlClass(!!control.error), 'h-11 font-mono')}
        />
      </div>
    </Field>
  );
}

/**
 * The brand as visitors will see it, before it is saved: the header's logo and name, a primary and
 * an accent button with their text and its contrast, a refused colour's too.
 */
export function BrandSwatch({ primary, accent, logo, name }: { primary: string; accent: string; logo: string; name: string }) {
  const palette = brandPalette(primary, accent);
  const samples = [
    { label: 'Primary button', background: primary, text: '#ffffff' },
    { label: 'Accent button', background: accent, text: palette.primary[950] },
  ];
  return (
    <figure className="overflow-hidden rounded-card border border-line sm:col-span-2">
      <figcaption className="sr-only">A sample of the brand: the header and the two kinds of button</figcaption>
      <div className="flex items-center gap-2.5 border-b border-line bg-surface px-4 py-3">
        {logo ? (
          <SquareImage src={logo} alt="" size={36} className="size-9 rounded-control object-contain" />
        ) : (
          <span
            className="flex size-9 items-center justify-center rounded-control"
            style={{ backgroundColor: primary, color: palette.accent[300] }}
          >
            <Icon shapes={Mountain} aria-hidden="true" className="size-5" />
          </span>
        )}
        <span className="truncate font-display text-lg font-semibold" style={{ color: palette.primary[950] }}>
          {name}
        </span>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-4 bg-canvas px-4 py-5">
        {samples.map((sample) => {
          const ratio = contrastRatio(sample.text, sample.background);
          return (
            <div key={sample.label}>
              <span className={buttonClass()} style={{ backgroundColor: sample.background, color: sample.text }}>
                {sample.label}
              </span>
              <p className="mt-2 text-xs text-muted">
                Text contrast {ratioInWords(ratio)} {ratio >= AA_TEXT ? '(reads well)' : `(needs ${AA_TEXT}:1)`}
              </p>
            </div>
          );
        })}
      </div>
    </figure>
  );
}

/** AVIF is not shown as an icon everywhere. */
const brandReady = (image: AdminMediaItem) => image.contentType !== 'image/avif';

/** The images of Media that can be a logo or an icon, newest first, page by page. */
export const useBrandImages = (): MediaChoices => useMediaChoices(brandReady);

/** A logo or favicon: one of the images in Media, or the site's own (`none`). */
export function BrandImageField({
  label,
  none,
  hint,
  images,
  ...control
}: TextControl & { label: string; none: string; hint: string; images: MediaChoices }) {
  const listed = images.images.some((image) => image.url === control.value);
  return (
    <div className="flex items-start gap-3">
      <div className="mt-7 flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-control border border-line bg-canvas">
        {control.value ? (
          <SquareImage src={control.value} alt="" size={44} className="size-full object-contain" />
        ) : (
          <span className="text-xs text-muted">—</span>
        )}
      </div>
      <div className="grid min-w-0 flex-1 gap-2">
        <SelectField {...control} label={label} hint={hint}>
          <option value="">{none}</option>
          {control.value && !listed && <option value={control.value}>The current image</option>}
          {images.images.map((image) => (
            <option key={image.id} value={image.url}>
              {image.alt || image.url}
            </option>
          ))}
        </SelectField>
        <MoreImages choices={images} pickerId={control.id} />
      </div>
    </div>
  );
}
