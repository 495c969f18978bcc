// docs/product.md §4: Published if published; else Scheduled if a schedule is set; else Draft.
import { describe, expect, test } from 'bun:test';
import { displayStatus } from '#src/lib/post-status.ts';

describe('displayStatus', () => {
  test('a published post is Published, scheduled or not', () => {
    expect(displayStatus({ published: true, scheduledFor: null })).toBe('published');
    expect(displayStatus({ published: true, scheduledFor: '2030-01-01T00:00:00.000Z' })).toBe('published');
  });

  test('an unpublished post with a schedule is Scheduled, whether the date is an ISO string or a Date', () => {
    expect(displayStatus({ published: false, scheduledFor: '2030-01-01T00:00:00.000Z' })).toBe('scheduled');
    expect(displayStatus({ published: false, scheduledFor: new Date('2030-01-01T00:00:00Z') })).toBe('scheduled');
  });

  test('an unpublished post without a schedule is a Draft', () => {
    expect(displayStatus({ published: false, scheduledFor: null })).toBe('draft');
    expect(displayStatus({ published: false, scheduledFor: undefined })).toBe('draft');
    expect(displayStatus({ published: false, scheduledFor: '' })).toBe('draft');
  });
});
