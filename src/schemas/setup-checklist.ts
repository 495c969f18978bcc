// The dashboard's setup checklist (issue 38 §2), as GET /api/admin/setup-checklist answers it and
// the dashboard draws it: each step ticked by what is true of the site, never by a click.

/** The steps, in the order a new coach takes them. */
export const SETUP_STEP_IDS = [
  'profile',
  'pages',
  'email',
  'hours',
  'newsletter',
  'booking',
  'two-factor',
  'first-post',
  'backup',
] as const;
export type SetupStepId = (typeof SETUP_STEP_IDS)[number];

export interface SetupLink {
  href: string;
  label: string;
}

export interface SetupStep {
  id: SetupStepId;
  title: string;
  /** Why it matters, in one sentence. */
  why: string;
  done: boolean;
  /** The screens that do it (none for the backup, a command run on the server). */
  links: SetupLink[];
  /** What is still missing of a step made of parts (the profile: 'photo', 'tagline'). */
  missing: string[];
  /** A command to run on the server, with what it is for (the backup). */
  command: { label: string; text: string } | null;
  /** When it last became true, where that is known (the newest backup). */
  at: string | null;
}

export interface SetupChecklist {
  steps: SetupStep[];
  done: number;
  total: number;
  /** Whether the dashboard shows it (Settings' setupChecklist). */
  shown: boolean;
}
