/** Opened as a link: the server's Content-Disposition downloads it as style-rules.json. */
export const STYLE_RULES_EXPORT_URL = '/api/style-rules/export';
