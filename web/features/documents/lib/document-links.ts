/** Where a document is edited (docs/product.md §2 route table). */
export const documentEditorPath = (id: number) => `/editor/${id}`;
