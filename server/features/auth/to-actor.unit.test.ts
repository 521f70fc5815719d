import { describe, expect, it } from 'vitest';
import { toActor } from './auth.service';

const row = (role: 'staff' | 'user', email = 'first@example.com') => ({
  id: 1,
  email,
  name: 'First',
  role,
  isDemo: false,
  createdAt: new Date('2026-01-01T00:00:00Z'),
});

describe('toActor', () => {
  it('keeps the stored role while ADMIN_EMAILS is unset (the first account on a fresh instance)', () => {
    expect(toActor(row('staff'), []).role).toBe('staff');
    expect(toActor(row('user'), []).role).toBe('user');
  });

  it('lets ADMIN_EMAILS alone decide once it is set: a stored staff role from the first-account rule no longer counts', () => {
    expect(toActor(row('staff'), ['boss@example.com']).role).toBe('user');
    expect(toActor(row('user', 'boss@example.com'), ['boss@example.com']).role).toBe('staff');
  });
});
