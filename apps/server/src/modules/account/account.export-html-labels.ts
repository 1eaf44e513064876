// The HTML export's words: the labels of the values it writes, in pt-BR, and the two tiny helpers that read them.

import type { ANALYSIS_PROVIDERS } from '@sonhario/contracts/analyses';
import type { ExportSecurityLogEntry } from '@sonhario/contracts/account';
import { escapeHtml as esc } from '../../lib/html.ts';

export const PURPOSES: Record<string, string> = {
  ai_analysis: 'Análise de sonhos por IA',
  data_processing: 'Tratamento dos dados (LGPD)',
};
export const CONSENT_SOURCES: Record<string, string> = {
  signup: 'no cadastro',
  prompt: 'pergunta no app',
  settings: 'configurações',
};
export const LEDGER_REASONS: Record<string, string> = {
  welcome_bonus: 'Bônus de boas-vindas',
  analysis: 'Análise de sonho',
  operator_grant: 'Concedidos pela equipe',
  first_dream_of_day: 'Primeiro sonho do dia',
  streak_milestone: 'Marco de sequência',
  daily_bonus: 'Bônus diário',
  achievement: 'Conquista',
};
export const STREAK_DAY_KINDS: Record<string, string> = {
  no_recall: 'Noite sem lembrança',
  freeze: 'Proteção de sequência',
};
export const SIGN_KINDS: Record<string, string> = {
  symbol: 'Símbolo',
  person: 'Pessoa',
  place: 'Lugar',
  tag: 'Tag',
  emotion: 'Emoção',
  recurring: 'Sonho recorrente',
};
export const PROVIDERS: Record<(typeof ANALYSIS_PROVIDERS)[number], string> = {
  builtin: 'Leitura simbólica local (sem IA)',
  openai: 'IA (API compatível com OpenAI)',
  anthropic: 'IA (Anthropic)',
};
export const SIGN_IN_PROVIDERS: Record<string, string> = { email: 'E-mail e senha', google: 'Google' };
export const THEMES: Record<string, string> = { dark: 'escuro', light: 'claro', system: 'o do sistema' };
export const LOCALES: Record<string, string> = { 'pt-BR': 'português (Brasil)', en: 'inglês' };
export const CHARGES: Record<string, string> = { quota: 'cota do plano', credits: 'créditos' };

export const SECURITY_ACTIONS: Record<string, string> = {
  user_signedup: 'Cadastro',
  user_confirmation_requested: 'Confirmação de e-mail pedida',
  user_repeated_signup: 'Novo cadastro com o mesmo e-mail',
  login: 'Entrada',
  logout: 'Saída',
  token_refreshed: 'Sessão renovada',
  token_revoked: 'Sessões encerradas pelo servidor',
  user_recovery_requested: 'Recuperação de senha pedida',
  user_updated_password: 'Senha alterada',
  user_modified: 'Conta alterada',
  identity_linked: 'Conta Google vinculada',
};
const SECURITY_DETAIL_LABELS: Record<keyof ExportSecurityLogEntry['details'], string> = {
  provider: 'forma',
  flow: 'fluxo',
  via: 'link',
  scope: 'alcance',
  reason: 'motivo',
  fields: 'campos',
  resend: 'reenvio',
  actor: 'feito por',
};
const SECURITY_DETAIL_VALUES: Record<string, string> = {
  email: 'e-mail',
  google: 'Google',
  local: 'este dispositivo',
  others: 'os outros dispositivos',
  global: 'todos os dispositivos',
  refresh_token_reuse: 'token de renovação reutilizado',
  service_role: 'equipe (service_role)',
};

export const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;
export const yesNo = (value: boolean) => (value ? 'sim' : 'não');

/** An audit entry's exported traits, as "forma: e-mail · campos: data, email", escaped; '—' for none. */
export function securityDetailsHtml(details: ExportSecurityLogEntry['details']): string {
  const parts = Object.entries(details).map(([key, value]) => {
    const shown = Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'boolean'
        ? yesNo(value)
        : labelOf(SECURITY_DETAIL_VALUES, value);
    return `${labelOf(SECURITY_DETAIL_LABELS, key)}: ${shown}`;
  });
  return parts.length ? esc(parts.join(' · ')) : '—';
}
