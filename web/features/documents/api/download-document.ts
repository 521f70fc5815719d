/** GET /api/documents/{id}/download: opened as a link; the server's Content-Disposition names the file. */
export const documentDownloadUrl = (id: number) => `/api/documents/${id}/download`;
