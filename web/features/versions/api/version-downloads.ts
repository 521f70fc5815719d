/** Opened as links; the server's Content-Disposition names the file. */
export const versionDownloadUrl = (documentId: number, version: number) => `/api/documents/${documentId}/versions/${version}/download`;

/** Version `to` as a .docx with the changes from `from` as Word tracked changes. */
export const redlineDownloadUrl = (documentId: number, from: number, to: number) =>
  `/api/documents/${documentId}/compare?from=${from}&to=${to}&format=docx`;
