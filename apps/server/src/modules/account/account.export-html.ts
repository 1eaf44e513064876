import type { ExportDream } from '@sonhario/contracts/account';
import { escapeHtml as esc } from '../../lib/html.ts';
import type { ExportHead, ExportTotals, ExportWriter } from './account.data.service.ts';
import { formatters } from './account.export-html-parts.ts';
import { dreamHtml } from './account.export-html-records.ts';
import { accountSectionsHtml } from './account.export-html-sections.ts';

// The HTML export: one self-contained pt-BR document that reads and prints well. It is a downloaded file, opened
// from disk, so it carries its own styles inline and a CSP of its own (no scripts, no requests at all). Every
// string that comes from a user or from a model goes through `esc` (the server's one escaper, short here because the
// templates below use it on almost every line).

const STYLE = `
  :root { color-scheme: light; }
  body { font: 16px/1.55 Georgia, 'Times New Roman', serif; color: #1d1b26; background: #fff; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
  h1, h2, h3, h4 { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; line-height: 1.25; }
  h1 { font-size: 1.8rem; margin-bottom: .25rem; }
  h2 { font-size: 1.35rem; border-bottom: 2px solid #5b4b8a; padding-bottom: .25rem; margin-top: 2.5rem; }
  h3 { font-size: 1.15rem; margin: 0 0 .25rem; }
  h4 { font-size: 1rem; margin: 1rem 0 .25rem; }
  nav a { color: #5b4b8a; }
  .muted, .meta { color: #5f5a6e; font-size: .9rem; }
  dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .5rem 0; }
  dl.facts dt { font-weight: bold; }
  dl.facts dd { margin: 0; }
  table { border-collapse: collapse; width: 100%; font-size: .85rem; margin: .5rem 0; }
  th, td { border: 1px solid #cfcadb; padding: .3rem .45rem; text-align: left; vertical-align: top; }
  th { background: #f1eef8; }
  td { overflow-wrap: anywhere; }
  article.dream { border-top: 1px solid #cfcadb; padding: 1rem 0; }
  .text { white-space: pre-wrap; overflow-wrap: break-word; }
  .deleted { color: #8a2d2d; }
  .tag { display: inline-block; border: 1px solid #cfcadb; border-radius: 1rem; padding: 0 .5rem; margin: 0 .25rem .25rem 0; font-size: .85rem; }
  section.analysis { background: #f7f5fb; border-left: 3px solid #5b4b8a; padding: .5rem 1rem; margin: 1rem 0; }
  footer { margin-top: 3rem; border-top: 2px solid #5b4b8a; padding-top: .5rem; }
  @media print {
    body { margin: 0; max-width: none; font-size: 11pt; }
    nav { display: none; }
    #sonhos { break-before: page; }
    h2, h3, h4 { break-after: avoid; }
    tr, section.analysis, dl.facts { break-inside: avoid; }
    section.analysis { background: none; }
  }
`;

export function createHtmlExportWriter(): ExportWriter {
  let format = formatters('America/Sao_Paulo');
  let hasDreams = false;

  return {
    contentType: 'text/html; charset=utf-8',
    extension: 'html',
    start(head: ExportHead) {
      format = formatters(head.profile.timeZone);
      const { account, profile } = head;
      return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(head.product)} — seus dados (${format.at(head.exportedAt)})</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${esc(head.product)} — seus dados</h1>
<p class="meta">Exportação da conta ${esc(account.email)}, feita em ${format.at(head.exportedAt)} (fuso ${esc(profile.timeZone)}). Formato versão ${esc(head.schemaVersion)}. Este arquivo contém textos pessoais: guarde-o em lugar seguro.</p>
<nav><a href="#conta">Conta</a> · <a href="#preferencias">Preferências</a> · <a href="#consentimentos">Consentimentos</a> · <a href="#sessoes">Dispositivos</a> · <a href="#seguranca">Registro de segurança</a> · <a href="#creditos">Créditos</a> · <a href="#uso">Uso de análises</a> · <a href="#recompensas">Recompensas</a> · <a href="#relatorios">Relatórios do mês</a> · <a href="#conversas">Conversas</a> · <a href="#pagamentos">Pagamentos</a> · <a href="#ajuda">Ajuda</a> · <a href="#sonhos">Sonhos</a></nav>
</header>
${accountSectionsHtml(head, format)}
<section id="sonhos">
<h2>Sonhos</h2>
<p class="muted">Da noite mais antiga para a mais recente; os excluídos que ainda podiam ser restaurados vêm no fim.</p>
`;
    },
    dreams(dreams: ExportDream[]) {
      if (dreams.length > 0) hasDreams = true;
      return dreams.map((dream) => `${dreamHtml(format, dream)}\n`).join('');
    },
    end(totals: ExportTotals) {
      const count = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
      return `${hasDreams ? '' : '<p class="muted">Nenhum sonho registrado.</p>\n'}</section>
<footer><p class="meta">Fim da exportação: ${count(totals.dreams, 'sonho', 'sonhos')}, ${count(totals.analyses, 'análise', 'análises')} e ${count(totals.securityLog, 'registro de segurança', 'registros de segurança')}.</p></footer>
</body>
</html>
`;
    },
  };
}
