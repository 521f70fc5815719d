import { describe, expect, it } from 'vitest';
import { statusBadge } from './document-status';

describe('statusBadge', () => {
  it('gives each docs/product.md §4 status its label and variant', () => {
    expect(statusBadge('uploaded')).toEqual({ label: 'Uploaded', variant: 'default' });
    expect(statusBadge('processing')).toEqual({ label: 'Processing', variant: 'warning' });
    expect(statusBadge('complete')).toEqual({ label: 'Complete', variant: 'success' });
    expect(statusBadge('error')).toEqual({ label: 'Error', variant: 'destructive' });
  });

  it("calls anything else 'Unknown', even names an object already has", () => {
    expect(statusBadge('archived')).toEqual({ label: 'Unknown', variant: 'secondary' });
    expect(statusBadge('toString')).toEqual({ label: 'Unknown', variant: 'secondary' });
    expect(statusBadge('')).toEqual({ label: 'Unknown', variant: 'secondary' });
  });
});
