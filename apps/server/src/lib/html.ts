import escape from 'escape-html';

/**
 * Text made safe for HTML, in element content and in quoted attribute values alike (`& < > " '`). The one escaper of
 * the server (e-mails, the HTML export, the web app's config meta tag); it also takes the numbers and missing values
 * the export prints, as an empty string for null.
 */
export function escapeHtml(value: string | number | null | undefined): string {
  return escape(String(value ?? ''));
}
