import { describe, expect, it } from 'vitest';
import { firstName, greeting } from './greeting';

describe('greeting', () => {
  it('follows the time of day', () => {
    expect(greeting(0)).toBe('Good morning');
    expect(greeting(11)).toBe('Good morning');
    expect(greeting(12)).toBe('Good afternoon');
    expect(greeting(17)).toBe('Good afternoon');
    expect(greeting(18)).toBe('Good evening');
    expect(greeting(23)).toBe('Good evening');
  });
});

describe('firstName', () => {
  it('takes the first word of the name', () => {
    expect(firstName('Ada Lovelace')).toBe('Ada');
    expect(firstName('  Grace   Hopper ')).toBe('Grace');
    expect(firstName('Cher')).toBe('Cher');
  });
});
