'use client';

import { articleOf, type LegalPart } from '#src/schemas/site-content/legal-parts.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { SwitchField } from '../kit/fields.tsx';
import { ContentFields, type FieldErrors } from './content-fields.tsx';
import { SECTION_FORMS } from './section-forms.ts';

/**
 * A legal page's text: the one written for this site (it follows what is switched on), or the
 * coach's own. Switching to their own starts from the written text, so nothing is typed twice.
 */
export function LegalTextFields({
  section,
  written,
  path,
  errors,
  onChange,
}: {
  section: Section<'legalText'>;
  written: LegalPart[];
  path: string;
  errors: FieldErrors;
  onChange: (next: Section<'legalText'>) => void;
}) {
  return (
    <div className="grid gap-4">
      <SwitchField
        id={`page-${path.replace(/\./g, '-')}-own`}
        label="Use my own text"
        hint={
          section.ownText
            ? 'Your words show as written. Switch off to go back to the text written for this site.'
            : 'Off: the text written for this site, which follows what you switch on (the newsletter, booking, analytics). On: start from it and make it yours.'
        }
        checked={section.ownText}
        onChange={(own) =>
          onChange({ ...section, ownText: own, articles: own && section.articles.length === 0 ? written.map(articleOf) : section.articles })
        }
      />
      {section.ownText && (
        <ContentFields
          specs={SECTION_FORMS.legalText.fields}
          value={section as unknown as Record<string, unknown>}
          path={path}
          errors={errors}
          onChange={(next) => onChange(next as unknown as Section<'legalText'>)}
        />
      )}
    </div>
  );
}
