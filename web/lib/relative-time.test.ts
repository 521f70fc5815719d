import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2025-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it("reads 'Just now' under a minute, and for a time slightly ahead of our clock", () => {
    expect(relativeTime(ago(0), now)).toBe('Just now');
    expect(relativeTime(ago(59_999), now)).toBe('Just now');
    expect(relativeTime(ago(-5_000), now)).toBe('Just now');
  });

  it('counts minutes, hours and days with the right plural', () => {
    expect(relativeTime(ago(MINUTE), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * MINUTE + 30_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(59 * MINUTE), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * HOUR), now)).toBe('23 hours ago');
    expect(relativeTime(ago(DAY), now)).toBe('1 day ago');
    expect(relativeTime(ago(2 * DAY + 3 * HOUR), now)).toBe('2 days ago');
    expect(relativeTime(ago(400 * DAY), now)).toBe('400 days ago');
  });

  it("says 'Just now' rather than 'NaN' for an unreadable time", () => {
    expect(relativeTime('not a date', now)).toBe('Just now');
  });
});
