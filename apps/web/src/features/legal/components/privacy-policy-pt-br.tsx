import { Link } from 'react-router';
import { legalTextLinkClass, LegalList, LegalSectionBlock } from './legal-page-layout';
import { type PrivacyDocumentProps, PrivacyInfoState } from './privacy-info-state';

const SECTIONS = {
  data: { id: 'dados', title: 'O que guardamos e por quê' },
  ai: { id: 'ia', title: 'Quem vê seus sonhos: a análise por IA' },
  legalBases: { id: 'bases-legais', title: 'Bases legais' },
  retention: { id: 'retencao', title: 'Por quanto tempo guardamos' },
  rights: { id: 'direitos', title: 'Seus direitos (LGPD, art. 18)' },
  contact: { id: 'contato', title: 'Contato' },
  changes: { id: 'mudancas', title: 'Mudanças nesta política' },
};

export const PRIVACY_SECTIONS_PT_BR = Object.values(SECTIONS);

const PROVIDER_NAMES = {
  openai: 'OpenAI (ou um serviço compatível com a API da OpenAI)',
  anthropic: 'Anthropic',
} as const;

/** A Política de Privacidade, em português (pt-BR). */
export function PrivacyPolicyPtBr({ privacyInfo }: PrivacyDocumentProps) {
  const info = privacyInfo.data;
  const undoMinutes = info?.retention.deletedDreamUndoMinutes;
  return (
    <>
      <div className="grid gap-3">
        <p>
          O Sonhário é um diário de sonhos. O que você escreve nele é íntimo, e esta página diz sem letras miúdas o que
          guardamos, por quê, quem mais vê o quê e como você decide sobre os seus dados. Ela segue a Lei Geral de
          Proteção de Dados (LGPD, Lei nº 13.709/2018).
        </p>
        <p>
          O Sonhário pode ser instalado por qualquer pessoa ou organização num servidor próprio. Quem opera este
          servidor (o operador) é o controlador dos seus dados e responde por eles.
        </p>
      </div>

      <LegalSectionBlock section={SECTIONS.data}>
        <LegalList>
          <li>
            <strong>Conta:</strong> seu e-mail, sua senha (guardada só como hash argon2id, nunca o texto), nome e
            sobrenome, se você informar, e, se entrar com o Google, o identificador da sua conta Google e o e-mail que
            ela informa. Servem para você entrar e recuperar o acesso.
          </li>
          <li>
            <strong>Perfil:</strong> fuso horário, idioma, tema e plano. Servem para que “ontem à noite”, a sequência e
            a cota do mês sigam o seu relógio, e para o app ficar do seu jeito.
          </li>
          <li>
            <strong>Sonhos:</strong> o título, o texto, as notas e as etiquetas são cifrados em repouso com AES-256-GCM,
            com uma chave só sua; essa chave, por sua vez, fica guardada à parte, cifrada pela chave mestra do servidor.
            A data, o humor, as emoções, a lucidez, a vividez, a qualidade do sono e as marcações de pesadelo e de
            recorrente ficam sem cifra, para os filtros, as estatísticas e a sequência.
          </li>
          <li>
            <strong>Busca:</strong> para buscar nos seus sonhos sem guardar o texto às claras, usamos um índice cego com
            chave: cada palavra vira um código (HMAC, com uma chave só sua) e a busca compara códigos. Pelo índice não
            dá para ler as palavras.
          </li>
          <li>
            <strong>Análises:</strong> o resultado de cada análise é cifrado com a mesma chave dos seus sonhos.
            Guardamos também qual provedor e qual modelo a fez, e quando.
          </li>
          <li>
            <strong>Créditos e uso:</strong> um extrato dos créditos ganhos e usados e das análises contadas na cota do
            mês, para aplicar as regras do seu plano.
          </li>
          <li>
            <strong>Consentimentos:</strong> cada resposta sua, com a finalidade, a versão do texto, a data e onde ela
            foi dada (no cadastro, na pergunta do app ou nas configurações).
          </li>
          <li>
            <strong>Sessões e segurança:</strong> as sessões abertas (navegador, endereço IP, último uso) e um registro
            de eventos de segurança, como entradas, saídas e trocas de senha, para proteger sua conta e mostrar onde ela
            está conectada.
          </li>
          <li>
            <strong>E-mails:</strong> só os da sua conta (confirmação de cadastro, recuperação de senha, troca de e-mail
            e o aviso de que a conta foi excluída). Nada de marketing.
          </li>
        </LegalList>
        <p>
          Neste navegador ficam a sua sessão, o idioma e o tema deste aparelho e o rascunho de um sonho ainda não salvo.
          Não usamos cookies de rastreamento nem ferramentas de análise de terceiros. Os registros (logs) do servidor
          nunca contêm senhas, tokens ou o texto dos seus sonhos.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.ai}>
        <PrivacyInfoState query={privacyInfo}>
          {(current) =>
            current.ai.provider === 'builtin' ? (
              <p>
                <strong>Este servidor usa a análise simbólica local</strong> (versão {current.ai.model}), que roda no
                próprio servidor: <strong>nada sai do servidor</strong>. Nenhum serviço de IA de terceiros recebe seus
                sonhos.
              </p>
            ) : (
              <div className="grid gap-3">
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-border/70 bg-background/40 px-4 py-3 text-sm">
                  <dt className="text-muted-foreground">Provedor</dt>
                  <dd>{PROVIDER_NAMES[current.ai.provider]}</dd>
                  <dt className="text-muted-foreground">Modelo</dt>
                  <dd className="break-all">{current.ai.model}</dd>
                  {current.ai.host ? (
                    <>
                      <dt className="text-muted-foreground">Endereço</dt>
                      <dd className="break-all">{current.ai.host}</dd>
                    </>
                  ) : null}
                </dl>
                <p>
                  O texto de um sonho só vai para esse serviço <strong>depois do seu consentimento</strong> para a
                  análise por IA, e <strong>só quando você clica em “Analisar sonho”</strong> naquele sonho. Nunca em
                  segundo plano, nunca em lote.
                </p>
                <p>
                  <strong>O que é enviado:</strong> o título, o texto, as notas, a data, as emoções marcadas, o humor ao
                  acordar, a lucidez, a vividez e as marcações de pesadelo e de recorrente daquele sonho; e, para notar
                  padrões, uma lista curta de símbolos que já apareceram nos seus sonhos anteriores (como “mar (3)”),
                  nunca o texto deles.
                </p>
                <p>
                  <strong>O que não é enviado:</strong> seu nome, seu e-mail, suas etiquetas, seus outros sonhos e
                  qualquer identificador da sua conta.
                </p>
                <p>
                  Esse serviço trata o texto recebido segundo as próprias regras; o operador escolhe o provedor e
                  responde por essa escolha.
                </p>
              </div>
            )
          }
        </PrivacyInfoState>
        <p>
          Sem o seu consentimento, nada é enviado para análise. Você pode retirá-lo quando quiser, em{' '}
          <Link to="/app/settings" className={legalTextLinkClass}>
            Configurações
          </Link>
          : as análises param e o diário continua funcionando.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.legalBases}>
        <p>
          Tratamos os dados da conta, do perfil, dos sonhos e dos créditos para executar o serviço que você pediu ao
          criar a conta (LGPD, art. 7º, V). Como sonhos podem revelar dados sensíveis, como saúde e vida íntima, o
          tratamento deles e a análise por IA dependem do seu consentimento (art. 7º, I, e art. 11, I). Os registros de
          segurança servem ao legítimo interesse de proteger a sua conta (art. 7º, IX).
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.retention}>
        <LegalList>
          <li>
            <strong>Sonhos excluídos</strong> podem ser restaurados por{' '}
            {undoMinutes === undefined
              ? 'alguns minutos'
              : `${undoMinutes} ${undoMinutes === 1 ? 'minuto' : 'minutos'}`}{' '}
            (o “Desfazer”); depois disso, são apagados de vez.
          </li>
          <li>
            <strong>Excluir a conta</strong> (em Configurações) apaga tudo o que está ligado a ela — sonhos, análises,
            extrato de créditos, consentimentos, sessões e perfil — e destrói a sua chave.
            {info?.isKeyStoreSeparate
              ? ' Cópias de segurança antigas que ainda contenham seus sonhos cifrados não podem mais ser lidas por ninguém.'
              : ' Neste servidor as chaves ficam no mesmo banco de dados: cópias de segurança feitas antes da exclusão ainda as contêm, até que o operador as descarte.'}
          </li>
          <li>Enquanto a conta existir, guardamos os seus dados para prestar o serviço.</li>
        </LegalList>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.rights}>
        <p>A LGPD (art. 18) garante a você:</p>
        <LegalList>
          <li>a confirmação de que tratamos seus dados e o acesso a eles;</li>
          <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>a anonimização, o bloqueio ou a eliminação de dados desnecessários ou excessivos;</li>
          <li>a portabilidade dos seus dados;</li>
          <li>a eliminação dos dados tratados com o seu consentimento;</li>
          <li>a informação sobre com quem seus dados são compartilhados;</li>
          <li>a informação sobre a possibilidade de não consentir, e o que acontece se você não consentir;</li>
          <li>a revogação do consentimento.</li>
        </LegalList>
        <p>Você exerce a maioria deles sozinho, no próprio app:</p>
        <LegalList>
          <li>
            em{' '}
            <Link to="/app/settings" className={legalTextLinkClass}>
              Configurações
            </Link>
            : exportar todos os seus dados (em JSON e num documento legível), revogar o consentimento, ver e encerrar
            sessões e excluir a conta;
          </li>
          <li>
            em{' '}
            <Link to="/app/profile" className={legalTextLinkClass}>
              Perfil
            </Link>
            : corrigir seus dados;
          </li>
          <li>em cada sonho: editar ou excluir.</li>
        </LegalList>
        <p>
          Para o que não estiver ao seu alcance no app, fale conosco (veja Contato). Você também pode reclamar à
          Autoridade Nacional de Proteção de Dados (ANPD).
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.contact}>
        {info?.contactEmail ? (
          <p>
            Escreva para{' '}
            <a href={`mailto:${info.contactEmail}`} className={legalTextLinkClass}>
              {info.contactEmail}
            </a>
            .
          </p>
        ) : (
          <p>Fale com quem opera este servidor pelo e-mail de suporte do operador.</p>
        )}
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.changes}>
        <p>
          Quando esta política mudar, a data no topo muda com ela. Se o texto do consentimento mudar, ele ganha uma nova
          versão, e cada resposta já dada continua registrada com a versão a que respondeu.
        </p>
      </LegalSectionBlock>
    </>
  );
}
