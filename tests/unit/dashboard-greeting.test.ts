// Issue 32 §7: the dashboard greets the coach by name.
import { describe, expect, test } from 'bun:test';
import { greetingName } from '#src/admin/dashboard/greeting.ts';

const owner = { isOwner: true, firstName: null, email: 'owner@example.com' };
const admin = { isOwner: false, firstName: null, email: 'helper@example.com' };

describe('greetingName', () => {
  test('the owner by the first word of the coach name in Settings', () => {
    expect(greetingName(owner, 'Jordan Avery')).toBe('Jordan');
    expect(greetingName(owner, '  Mary-Jane   van Dijk ')).toBe('Mary-Jane');
    expect(greetingName({ ...owner, firstName: 'Ignored' }, 'Jordan Avery')).toBe('Jordan');
  });

  test('another admin by their own first name, or their e-mail without one', () => {
    expect(greetingName({ ...admin, firstName: 'Sam' }, 'Jordan Avery')).toBe('Sam');
    expect(greetingName(admin, 'Jordan Avery')).toBe('helper@example.com');
    expect(greetingName({ ...admin, firstName: '   ' }, 'Jordan Avery')).toBe('helper@example.com');
  });

  test('the e-mail when there is no name to use', () => {
    expect(greetingName(owner, '   ')).toBe('owner@example.com');
  });
});
