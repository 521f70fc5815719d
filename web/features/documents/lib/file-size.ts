const MB = 1024 * 1024;

/** docs/product.md §2 Upload panel: the size in MB to 2 decimals, e.g. '1.23 MB'. MB here is 1024 * 1024 bytes, as in the 10 MB limit. */
export function formatFileSize(bytes: number): string {
  return `${(bytes / MB).toFixed(2)} MB`;
}
