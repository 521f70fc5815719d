/** Where a document is edited (SPEC 2 route table). */
export const documentEditorPath = (id: number) => `/editor/${id}`;
