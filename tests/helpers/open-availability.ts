import { type Availability, defaultAvailability } from '#src/schemas/booking.ts';

// Every hour of every day, no notice, two days ahead: the tests book real slots from the real now.
const ALL_DAY = [{ start: '00:00', end: '24:00' }];
export const openAvailability = (overrides: Partial<Availability> = {}): Availability => ({
  ...defaultAvailability('UTC'),
  weeklyHours: {
    monday: ALL_DAY,
    tuesday: ALL_DAY,
    wednesday: ALL_DAY,
    thursday: ALL_DAY,
    friday: ALL_DAY,
    saturday: ALL_DAY,
    sunday: ALL_DAY,
  },
  minNoticeHours: 0,
  horizonDays: 2,
  ...overrides,
});
