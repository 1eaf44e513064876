// The HTML export's building blocks: dates in the user's time zone, tables, fact lists and lists.

import { escapeHtml as esc } from '../../lib/html.ts';

export function formatters(timeZone: string) {
  let instant: Intl.DateTimeFormat;
  try {
    instant = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone });
  } catch {
    instant = new Intl.DateTimeFormat('pt-BR', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'America/Sao_Paulo',
    });
  }
  const night = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'full', timeZone: 'UTC' });
  return {
    /** An instant in the user's time zone; '—' for none. */
    at: (iso: string | null) => (iso ? esc(instant.format(new Date(iso))) : '—'),
    /** A calendar date ('YYYY-MM-DD') as written, with its weekday. */
    night: (date: string) => esc(night.format(new Date(`${date}T00:00:00Z`))),
  };
}

/** What `formatters` returns: how an instant and a night are written. */
export type ExportFormat = ReturnType<typeof formatters>;

export const row = (cells: string[]) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
export const table = (headers: string[], rows: string[], empty: string) =>
  rows.length === 0
    ? `<p class="muted">${esc(empty)}</p>`
    : `<table><thead><tr>${headers.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
export const facts = (entries: [string, string][]) =>
  `<dl class="facts">${entries.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${value}</dd>`).join('')}</dl>`;
export const list = (items: string[], ordered = false) =>
  items.length === 0
    ? '<p class="muted">—</p>'
    : `<${ordered ? 'ol' : 'ul'}>${items.map((item) => `<li>${item}</li>`).join('')}</${ordered ? 'ol' : 'ul'}>`;
