'use client';

import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide';
import { type ChangeEvent, useEffect, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { SquareImage } from '#src/components/ui/square-image.tsx';
import type { ContentButton, ContentImage } from '#src/schemas/site-content/fields.ts';
import { CONTENT_ICONS } from '#src/schemas/site-content/icons.ts';
import { OFFERING_STATES } from '#src/schemas/site-content/sections.ts';
import { SelectField, TextAreaField, TextField } from '../kit/fields.tsx';
import { MoreImages, useMediaChoices } from '../media/media-choices.tsx';
import { LINK_CHOICES, OFFERING_STATE_NAMES, OTHER_LINK } from './link-choices.ts';
import type { FieldSpec } from './section-forms.ts';
import { useSessionTypeLinks } from './session-type-links.ts';

// One renderer for every section's form (section-forms.ts says which fields, this draws them):
// each field edits its part of the section and hands the whole value back.

type Value = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

const idOf = (path: string) => `page-${path.replace(/\./g, '-')}`;

/** A text control's id, value, message and change handler, for `key` of the object at `path`. */
function partOf<T extends object>(path: string, key: keyof T & string, value: T, errors: FieldErrors, onChange: (next: T) => void) {
  return {
    id: idOf(`${path}.${key}`),
    value: String(value[key] ?? ''),
    error: errors[`${path}.${key}`],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange({ ...value, [key]: event.target.value }),
  };
}

interface FieldsProps {
  specs: FieldSpec[];
  value: Value;
  /** Where the value sits in the page's content (`sections.2`), for ids and the schema's messages. */
  path: string;
  errors: FieldErrors;
  onChange: (next: Value) => void;
}

export function ContentFields({ specs, value, path, errors, onChange }: FieldsProps) {
  return (
    <div className="grid gap-4">
      {specs.map((spec) => (
        <ContentField
          key={spec.key}
          spec={spec}
          value={value[spec.key]}
          path={`${path}.${spec.key}`}
          errors={errors}
          onChange={(next) => onChange({ ...value, [spec.key]: next })}
        />
      ))}
    </div>
  );
}

function ContentField({
  spec,
  value,
  path,
  errors,
  onChange,
}: {
  spec: FieldSpec;
  value: unknown;
  path: string;
  errors: FieldErrors;
  onChange: (next: unknown) => void;
}) {
  // What every text-like control of a field takes.
  const control = {
    id: idOf(path),
    label: spec.label,
    value: String(value ?? ''),
    error: errors[path],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(event.target.value),
  };
  switch (spec.kind) {
    case 'line':
    case 'anchor':
      return (
        <TextField
          {...control}
          optional={spec.kind === 'anchor' || ('optional' in spec && spec.optional)}
          hint={
            spec.kind === 'anchor' ? 'For links straight to this card, such as /services#coaching.' : 'hint' in spec ? spec.hint : undefined
          }
        />
      );
    case 'text':
      return <TextAreaField {...control} optional={spec.optional} hint={spec.hint} rows={3} />;
    case 'icon':
      return (
        <SelectField {...control}>
          {CONTENT_ICONS.map((name) => (
            <option key={name} value={name}>
              {name.replace(/-/g, ' ')}
            </option>
          ))}
        </SelectField>
      );
    case 'state':
      return (
        <SelectField {...control}>
          {OFFERING_STATES.map((state) => (
            <option key={state} value={state}>
              {OFFERING_STATE_NAMES[state]}
            </option>
          ))}
        </SelectField>
      );
    case 'button':
      return <ButtonFields legend={spec.label} value={value as ContentButton} path={path} errors={errors} onChange={onChange} />;
    case 'image':
      return <ImageFields legend={spec.label} value={value as ContentImage} path={path} errors={errors} onChange={onChange} />;
    case 'lines':
    case 'buttons':
    case 'list':
      return <ListField spec={spec} items={(value as unknown[]) ?? []} path={path} errors={errors} onChange={onChange} />;
  }
}

/** A fieldset; `bare` inside a list item, whose own heading already names it (the legend is then for screen readers). */
function Group({ legend, error, bare, children }: { legend: string; error?: string; bare?: boolean; children: React.ReactNode }) {
  return (
    <fieldset className={bare ? undefined : 'rounded-control border border-line p-3 sm:p-4'}>
      <legend className={bare ? 'sr-only' : 'px-1 text-sm font-semibold text-primary-950'}>{legend}</legend>
      {error && <p className="mb-2 text-sm font-medium text-red-700">{error}</p>}
      <div className="grid gap-3">{children}</div>
    </fieldset>
  );
}

/** A group of fields editing one object of the content (a button, an image). */
interface PartProps<T> {
  legend: string;
  bare?: boolean;
  value: T;
  path: string;
  errors: FieldErrors;
  onChange: (next: T) => void;
}

function ButtonFields({ legend, bare, value, path, errors, onChange }: PartProps<ContentButton>) {
  const sessionLinks = useSessionTypeLinks();
  const choices = [...LINK_CHOICES, ...(sessionLinks ?? [])];
  const [other, setOther] = useState(!LINK_CHOICES.some((choice) => choice.link === value.link));
  // A session's booking page is one of the choices once the session types are read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when they arrive; not while the address is typed.
  useEffect(() => {
    if (sessionLinks?.some((choice) => choice.link === value.link)) setOther(false);
  }, [sessionLinks]);
  return (
    <Group legend={legend} bare={bare}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...partOf(path, 'label', value, errors, onChange)} label="Label" />
        <SelectField
          id={idOf(`${path}.choice`)}
          label="Leads to"
          value={other ? OTHER_LINK : value.link}
          onChange={(event) => {
            const choice = event.target.value;
            setOther(choice === OTHER_LINK);
            if (choice !== OTHER_LINK) onChange({ ...value, link: choice });
          }}
        >
          {choices.map((choice) => (
            <option key={choice.link} value={choice.link}>
              {choice.name}
            </option>
          ))}
          <option value={OTHER_LINK}>Another page or an https:// address</option>
        </SelectField>
      </div>
      {(other || errors[`${path}.link`]) && (
        <TextField
          {...partOf(path, 'link', value, errors, onChange)}
          label="Address"
          hint="A page of this site, such as /blog/my-post, or an address starting with https://."
        />
      )}
    </Group>
  );
}

function ImageFields({ legend, value, path, errors, onChange }: PartProps<ContentImage>) {
  const media = useMediaChoices();
  const choices = [
    { url: value.src, label: 'The current picture' },
    ...media.images.filter((image) => image.url !== value.src).map((image) => ({ url: image.url, label: image.alt || image.url })),
  ];
  const picture = partOf(path, 'src', value, errors, onChange);
  return (
    <Group legend={legend}>
      <div className="flex items-start gap-4">
        <SquareImage src={value.src} alt="" size={64} className="size-16 shrink-0 rounded-control border border-line object-cover" />
        <div className="grid min-w-0 flex-1 gap-3">
          <div className="grid gap-2">
            <SelectField {...picture} label="Picture" hint="Upload pictures in Media; the newest are listed first.">
              {choices.map((choice) => (
                <option key={choice.url} value={choice.url}>
                  {choice.label}
                </option>
              ))}
            </SelectField>
            <MoreImages choices={media} pickerId={picture.id} />
          </div>
          <TextField
            {...partOf(path, 'alt', value, errors, onChange)}
            label="Alt text"
            hint="What the picture shows, for people who cannot see it."
          />
        </div>
      </div>
    </Group>
  );
}

function ListField({
  spec,
  items,
  path,
  errors,
  onChange,
}: {
  spec: Extract<FieldSpec, { kind: 'lines' | 'buttons' | 'list' }>;
  items: unknown[];
  path: string;
  errors: FieldErrors;
  onChange: (next: unknown[]) => void;
}) {
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    onChange(next);
  };
  const blank = spec.kind === 'list' ? spec.blank() : spec.kind === 'lines' ? '' : { label: '', link: '/contact' };
  return (
    <Group legend={spec.label} error={errors[path]}>
      <ol className="grid gap-3">
        {items.map((item, index) => {
          const itemPath = `${path}.${index}`;
          const name = `${spec.item} ${index + 1}`;
          return (
            // List items have no identity of their own: a move re-renders them where they land.
            <li key={index} className="rounded-control bg-canvas p-3">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-semibold text-primary-900">{name}</span>
                <span className="flex gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === 0}
                    aria-label={`Move ${name} up`}
                    onClick={() => move(index, index - 1)}
                  >
                    <Icon shapes={ArrowUp} aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === items.length - 1}
                    aria-label={`Move ${name} down`}
                    onClick={() => move(index, index + 1)}
                  >
                    <Icon shapes={ArrowDown} aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${name}`}
                    onClick={() => onChange(items.filter((_, at) => at !== index))}
                  >
                    <Icon shapes={Trash2} aria-hidden="true" className="size-4" />
                  </Button>
                </span>
              </div>
              {spec.kind === 'list' ? (
                <ContentFields
                  specs={spec.fields}
                  value={item as Value}
                  path={itemPath}
                  errors={errors}
                  onChange={(next) => onChange(items.map((old, at) => (at === index ? next : old)))}
                />
              ) : spec.kind === 'lines' ? (
                <TextField
                  id={idOf(itemPath)}
                  label={name}
                  hideLabel
                  value={String(item)}
                  error={errors[itemPath]}
                  onChange={(event) => onChange(items.map((old, at) => (at === index ? event.target.value : old)))}
                />
              ) : (
                <ButtonFields
                  legend={name}
                  bare
                  value={item as ContentButton}
                  path={itemPath}
                  errors={errors}
                  onChange={(next) => onChange(items.map((old, at) => (at === index ? next : old)))}
                />
              )}
            </li>
          );
        })}
      </ol>
      {items.length < spec.max && (
        <Button size="sm" variant="outline" className="justify-self-start" onClick={() => onChange([...items, blank])}>
          <Icon shapes={Plus} aria-hidden="true" className="size-4" />
          Add {spec.item.toLowerCase()}
        </Button>
      )}
    </Group>
  );
}
