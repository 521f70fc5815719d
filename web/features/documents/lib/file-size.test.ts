import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@common/limits';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('shows MB to 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0.00 MB');
    expect(formatFileSize(36_000)).toBe('0.03 MB');
    expect(formatFileSize(1_289_748)).toBe('1.23 MB');
    expect(formatFileSize(MAX_UPLOAD_BYTES)).toBe('10.00 MB');
  });
});
