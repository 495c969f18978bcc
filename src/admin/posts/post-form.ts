import { fieldErrors } from '#src/lib/field-errors.ts';
import { fromLocalInput, toLocalInput } from '#src/lib/local-datetime.ts';
import { slugify } from '#src/lib/slugify.ts';
import { type AdminPost, type PostInput, postInputSchema } from '#src/schemas/post.ts';

/** What the editor's controls hold: text as typed, the schedule as a `datetime-local` value. */
export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  customImage: string;
  content: string;
  published: boolean;
  featured: boolean;
  /** '' for 'No category'. */
  categoryId: string;
  scheduledFor: string;
  autoPublish: boolean;
  /** The tags' names, in the order they were added. */
  tags: string[];
}

export const EMPTY_VALUES: PostFormValues = {
  title: '',
  slug: '',
  excerpt: '',
  customImage: '',
  content: '',
  published: false,
  featured: false,
  categoryId: '',
  scheduledFor: '',
  autoPublish: false,
  tags: [],
};

/** The form for a stored post, its schedule read in `timeZone` (the coach's). */
export function valuesOf(post: AdminPost, timeZone: string): PostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    customImage: post.customImage ?? '',
    content: post.content,
    published: post.published,
    featured: post.featured,
    categoryId: post.categoryId === null ? '' : String(post.categoryId),
    scheduledFor: toLocalInput(post.scheduledFor, timeZone),
    autoPublish: post.autoPublish,
    tags: post.tags.map((tag) => tag.name),
  };
}

/**
 * `values` with the publication of `stored` (published, schedule, auto-publish). The editor has no
 * fields for these: the publish control changes them on the server (issue 32 §5), so the form
 * always says what is stored, whatever a restored draft or a conflicting save held.
 */
export const withPublicationOf = (values: PostFormValues, stored: PostFormValues): PostFormValues => ({
  ...values,
  published: stored.published,
  scheduledFor: stored.scheduledFor,
  autoPublish: stored.autoPublish,
});

/**
 * A title edit: the slug is "auto-generated from the title on each title edit", also after it was
 * edited by hand (a published post keeps its old addresses as redirects).
 */
export const withTitle = (values: PostFormValues, title: string): PostFormValues => ({ ...values, title, slug: slugify(title) });

/** docs/product.md §5: title and content are required (whitespace alone counts as missing). */
export const missingRequired = (values: PostFormValues) => ({
  title: values.title.trim() === '',
  content: values.content.trim() === '',
});

/**
 * The request body (docs/product.md §7). Empty category and schedule are null; a published post has no
 * schedule (publishing clears it). The schedule is read in `timeZone` (the coach's).
 */
export function toInput(values: PostFormValues, timeZone: string): PostInput {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    content: values.content,
    excerpt: values.excerpt.trim(),
    categoryId: values.categoryId === '' ? null : Number(values.categoryId),
    customImage: values.customImage.trim() === '' ? null : values.customImage.trim(),
    featured: values.featured,
    published: values.published,
    scheduledFor: values.published ? null : fromLocalInput(values.scheduledFor, timeZone),
    autoPublish: values.published ? false : values.autoPublish,
    tags: values.tags,
  };
}

const KEYS = Object.keys(EMPTY_VALUES) as Array<keyof PostFormValues>;

/** One field's two values alike (the tag lists by their names, in order). */
const same = (a: PostFormValues[keyof PostFormValues], b: PostFormValues[keyof PostFormValues]) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((tag, index) => tag === b[index]) : a === b;

/** Whether two forms hold the same title, excerpt and content (what a revision keeps). */
export const sameText = (
  a: Pick<PostFormValues, 'title' | 'excerpt' | 'content'>,
  b: Pick<PostFormValues, 'title' | 'excerpt' | 'content'>,
) => a.title === b.title && a.excerpt === b.excerpt && a.content === b.content;

/** The text an autosave keeps, as one comparable string. */
export const textKey = ({ title, excerpt, content }: Pick<PostFormValues, 'title' | 'excerpt' | 'content'>) =>
  JSON.stringify([title, excerpt, content]);

/** Whether the form says something other than `base` (the last saved post, or an empty form). */
export const isDirty = (values: PostFormValues, base: PostFormValues) => KEYS.some((key) => !same(values[key], base[key]));

/**
 * The form after the server answered with `next` for the values `sent`: each field still as it
 * was sent takes the server's value; a field edited meanwhile keeps the edit.
 */
export function rebase(current: PostFormValues, sent: PostFormValues, next: PostFormValues): PostFormValues {
  const merged = { ...current };
  for (const key of KEYS) {
    if (same(current[key], sent[key])) (merged as Record<string, unknown>)[key] = next[key];
  }
  return merged;
}

type InputField = Exclude<keyof PostInput, 'featured' | 'published' | 'autoPublish'>;

/** The schema's message per field for what would be sent (the server checks the same schema). */
export function inputErrors(values: PostFormValues): Partial<Record<InputField, string>> {
  // Any zone will do: it moves the schedule's instant, never whether there is one.
  return fieldErrors<InputField>(postInputSchema.safeParse(toInput(values, 'UTC')));
}

/** Each field's control, as labels, focus and the browser tests know it. */
export const FIELD_IDS: Record<keyof PostFormValues, string> = {
  title: 'post-title',
  slug: 'post-slug',
  excerpt: 'post-excerpt',
  content: 'post-content',
  customImage: 'post-custom-image',
  categoryId: 'post-category',
  published: 'post-published',
  featured: 'post-featured',
  scheduledFor: 'post-scheduled-for',
  autoPublish: 'post-auto-publish',
  tags: 'post-tags',
};

/** The control a message focuses; the title for a place the form has no control for. */
export const controlIdOf = (place: string) => FIELD_IDS[place as keyof PostFormValues] ?? FIELD_IDS.title;

export const TITLE_MISSING = 'Enter a title.';
export const CONTENT_MISSING = 'Write the content.';

/** The messages a submitted form shows: the schema's, with the required fields' own words when they are empty. */
export function formErrors(values: PostFormValues): Partial<Record<string, string>> {
  const missing = missingRequired(values);
  const errors: Partial<Record<string, string>> = inputErrors(values);
  if (missing.title) errors.title = TITLE_MISSING;
  if (missing.content) errors.content = CONTENT_MISSING;
  return errors;
}

/** Where a failed submit sends focus: an empty title, then empty content, then the schema's first message. */
export function errorOrder(values: PostFormValues): string[] {
  const missing = missingRequired(values);
  return [...(missing.title ? ['title'] : []), ...(missing.content ? ['content'] : []), ...Object.keys(inputErrors(values))];
}
