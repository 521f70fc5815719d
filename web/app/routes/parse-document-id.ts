/** docs/product.md §5: a document id is a positive integer written in digits; anything else is no id at all. */
export function parseDocumentId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
