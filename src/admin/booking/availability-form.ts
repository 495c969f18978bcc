import {
  type Availability,
  availabilitySchema,
  type CallLocation,
  type HoursRange,
  minutesOfDay,
  WEEKDAYS,
  type Weekday,
} from '#src/schemas/booking.ts';

// The availability form: its numbers as typed (strings, as every admin form holds them), the
// weekly ranges and the days off; turned into the API's availability and checked by its schema,
// the server's own, so the form says what the server would.

interface AvailabilityTexts {
  timeZone: string;
  callMinutes: string;
  bufferMinutes: string;
  minNoticeHours: string;
  horizonDays: string;
  /** '' for no cap. */
  dailyCap: string;
  topicRetentionDays: string;
  /** Where calls happen: which kind, and each kind's value as typed (kept while another kind is chosen). */
  locationKind: CallLocation['kind'];
  videoUrl: string;
  phone: string;
  address: string;
}

export type WeeklyHours = Record<Weekday, HoursRange[]>;

/** The form's values: its numbers as typed, the weekly ranges and the days off. */
export interface AvailabilityDraft extends AvailabilityTexts {
  weeklyHours: WeeklyHours;
  /** YYYY-MM-DD, sorted. */
  daysOff: string[];
  /** A video link that is the start of each call's own room. */
  roomPerCall: boolean;
}

export function draftOf(availability: Availability): AvailabilityDraft {
  return {
    timeZone: availability.timeZone,
    callMinutes: String(availability.callMinutes),
    bufferMinutes: String(availability.bufferMinutes),
    minNoticeHours: String(availability.minNoticeHours),
    horizonDays: String(availability.horizonDays),
    dailyCap: availability.dailyCap === null ? '' : String(availability.dailyCap),
    topicRetentionDays: String(availability.topicRetentionDays),
    weeklyHours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, availability.weeklyHours[day].map((range) => ({ ...range }))]),
    ) as WeeklyHours,
    daysOff: [...availability.daysOff],
    ...locationDraftOf(availability.location),
  };
}

/** Where calls happen, as the form holds it: the kind, and each kind's value as typed. */
export type LocationDraft = Pick<AvailabilityDraft, 'locationKind' | 'videoUrl' | 'roomPerCall' | 'phone' | 'address'>;

export function locationDraftOf(location: CallLocation): LocationDraft {
  return {
    locationKind: location.kind,
    videoUrl: location.kind === 'video' ? location.url : '',
    roomPerCall: location.kind === 'video' && location.roomPerCall,
    phone: location.kind === 'phone' ? location.phone : '',
    address: location.kind === 'address' ? location.address : '',
  };
}

/** The chosen kind's value as the API takes it. */
export function locationOf({ locationKind, videoUrl, roomPerCall, phone, address }: LocationDraft): CallLocation {
  switch (locationKind) {
    case 'none':
      return { kind: 'none' };
    case 'video':
      return { kind: 'video', url: videoUrl, roomPerCall };
    case 'phone':
      return { kind: 'phone', phone };
    case 'address':
      return { kind: 'address', address };
  }
}

/** The form's place for a message on where calls happen ('location.url' → 'videoUrl'). */
export const LOCATION_PLACES: Record<string, keyof LocationDraft> = { url: 'videoUrl', phone: 'phone', address: 'address' };

/** An empty or non-numeric entry stays NaN, so the schema names it ("… must be a number"). */
export const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What the form sends: an empty "calls per day" is no cap. */
export function availabilityOf(draft: AvailabilityDraft): Availability {
  const { weeklyHours, daysOff, ...texts } = draft;
  return {
    timeZone: texts.timeZone,
    weeklyHours,
    callMinutes: numberOf(texts.callMinutes),
    bufferMinutes: numberOf(texts.bufferMinutes),
    minNoticeHours: numberOf(texts.minNoticeHours),
    horizonDays: numberOf(texts.horizonDays),
    daysOff,
    dailyCap: texts.dailyCap.trim() === '' ? null : numberOf(texts.dailyCap),
    topicRetentionDays: numberOf(texts.topicRetentionDays),
    location: locationOf(draft),
  };
}

/**
 * The schema's first message for each place on the form: a text field's name, a range's
 * 'weeklyHours.monday.0.start' / '.end', a day's 'weeklyHours.monday' (ranges that overlap), and
 * 'daysOff' for the list of days off.
 */
export function draftErrors(draft: AvailabilityDraft): Partial<Record<string, string>> {
  const result = availabilitySchema.safeParse(availabilityOf(draft));
  const errors: Partial<Record<string, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const [field, ...rest] = issue.path.map(String);
    const key =
      field === 'daysOff' ? field : field === 'location' ? (LOCATION_PLACES[rest[0] ?? ''] ?? 'locationKind') : [field, ...rest].join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Every place a message can show, in the order the form shows them. */
export function errorOrder(weeklyHours: WeeklyHours): string[] {
  return [
    'timeZone',
    ...WEEKDAYS.flatMap((day) => [
      ...weeklyHours[day].flatMap((_, index) => [`weeklyHours.${day}.${index}.start`, `weeklyHours.${day}.${index}.end`]),
      `weeklyHours.${day}`,
    ]),
    'callMinutes',
    'bufferMinutes',
    'minNoticeHours',
    'horizonDays',
    'dailyCap',
    'locationKind',
    'videoUrl',
    'phone',
    'address',
    'daysOff',
    'topicRetentionDays',
  ];
}

export const ID_PREFIX = 'availability';
export const rangeInputId = (day: Weekday, index: number, part: 'start' | 'end') => `${ID_PREFIX}-${day}-${index}-${part}`;
export const DAY_OFF_INPUT_ID = `${ID_PREFIX}-day-off`;

/** The control a message sends focus to: the field itself, a day's first range, the day-off date. */
export function controlIdOf(key: string): string {
  const [field, day, index, part] = key.split('.');
  if (field === 'weeklyHours') return rangeInputId(day as Weekday, Number(index ?? 0), part === 'end' ? 'end' : 'start');
  if (field === 'daysOff') return DAY_OFF_INPUT_ID;
  return `${ID_PREFIX}-${field}`;
}

const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const LAST_START = 22 * 60;

/** A new range for a day: 09:00–17:00 on an empty day, else the hour after its last range (as late as 22:00–23:00). */
export function nextRange(ranges: HoursRange[]): HoursRange {
  if (ranges.length === 0) return { start: '09:00', end: '17:00' };
  const ends = ranges.map((range) => range.end).filter((end) => /^\d{2}:\d{2}$/.test(end));
  const start = Math.min(Math.max(...ends.map(minutesOfDay), 9 * 60), LAST_START);
  return { start: timeOf(start), end: timeOf(start + 60) };
}
