/** The job that processes a document (server/jobs): one live job per document, by key. */
export const PROCESS_DOCUMENT = 'process-document';
export const processingJobKey = (documentId: number) => `${PROCESS_DOCUMENT}:${documentId}`;
