// The chat's own errors: a conversation not found, the quota reached, a provider's failure as the user hears it.

import { ANALYSIS_ERROR_CODES } from '@sonhario/contracts/analyses';
import { CHAT_ERROR_CODES, type ChatUsage } from '@sonhario/contracts/chat';
import { AppError } from '../../errors.ts';
import type { ProviderFailure } from '../ai/provider-error.ts';

export const threadNotFound = () => new AppError(404, CHAT_ERROR_CODES.threadNotFound, 'Conversa não encontrada.');

/** 429 chat_limit_reached; `retryAfterSeconds` goes out as Retry-After. */
export class ChatLimitError extends AppError {
  constructor(
    usage: ChatUsage,
    public readonly retryAfterSeconds: number,
  ) {
    super(
      429,
      CHAT_ERROR_CODES.limitReached,
      usage.mode === 'taste'
        ? `Você já enviou as ${usage.limit} mensagens do mês do seu plano. O Oráculo conversa sem limite mensal.`
        : `Você chegou ao uso justo de ${usage.limit} mensagens por dia. Volte amanhã.`,
    );
  }
}

const NOTHING_COUNTED = 'Nada foi guardado nem contado.';

/** A provider failure as the user hears it; nothing was stored or counted in any of these cases. */
export function chatFailureError(failure: ProviderFailure): AppError {
  switch (failure) {
    case 'timeout':
      return new AppError(
        504,
        ANALYSIS_ERROR_CODES.providerTimeout,
        `A resposta demorou demais e foi interrompida. ${NOTHING_COUNTED}`,
      );
    case 'rate_limited':
      return new AppError(
        503,
        ANALYSIS_ERROR_CODES.providerBusy,
        `O serviço de IA está ocupado agora. ${NOTHING_COUNTED}`,
      );
    case 'invalid_output':
      return new AppError(
        502,
        ANALYSIS_ERROR_CODES.invalidOutput,
        `A resposta veio vazia e foi descartada. ${NOTHING_COUNTED}`,
      );
    case 'refused':
      return new AppError(422, ANALYSIS_ERROR_CODES.refused, `O serviço de IA não quis responder. ${NOTHING_COUNTED}`);
    case 'aborted':
      return new AppError(499, 'analysis_cancelled', `Resposta cancelada. ${NOTHING_COUNTED}`);
    default:
      return new AppError(
        502,
        ANALYSIS_ERROR_CODES.providerFailed,
        `Não foi possível responder agora. ${NOTHING_COUNTED}`,
      );
  }
}
