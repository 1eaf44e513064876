import { CREDIT_RULES } from '@sonhario/contracts/credits';
import { Link } from 'react-router';
import { legalTextLinkClass, LegalList, LegalSectionBlock } from './legal-page-layout';
import { PlanQuotasTable } from './plan-quotas-table';

const SECTIONS = {
  service: { id: 'servico', title: 'O serviço' },
  health: { id: 'saude', title: 'Não é aconselhamento médico' },
  account: { id: 'conta', title: 'Sua conta' },
  content: { id: 'conteudo', title: 'Seus sonhos são seus' },
  use: { id: 'uso-aceitavel', title: 'Uso aceitável' },
  plans: { id: 'planos-e-creditos', title: 'Planos e créditos' },
  asIs: { id: 'como-esta', title: 'O serviço como ele é' },
  ending: { id: 'encerramento', title: 'Encerramento' },
  changes: { id: 'mudancas', title: 'Mudanças e lei aplicável' },
};

export const TERMS_SECTIONS_PT_BR = Object.values(SECTIONS);

/** Os Termos de Uso, em português (pt-BR). */
export function TermsOfUsePtBr() {
  return (
    <>
      <p>
        Estes termos são o combinado entre você e quem opera este servidor do Sonhário (o operador). Ao criar uma conta,
        você concorda com eles e com a{' '}
        <Link to="/privacidade" className={legalTextLinkClass}>
          Política de Privacidade
        </Link>
        . Procuramos escrevê-los de forma simples; se algo não ficar claro, pergunte.
      </p>

      <LegalSectionBlock section={SECTIONS.service}>
        <p>
          O Sonhário é um diário pessoal de sonhos: você registra seus sonhos, acompanha sua sequência de dias e, se
          quiser, pede uma análise de cada sonho. O diário funciona sem as análises.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.health}>
        <p>
          As análises são <strong>reflexões, não diagnósticos</strong>: leituras de símbolos, emoções e temas para você
          pensar sobre os seus sonhos. Elas não são aconselhamento médico, psicológico ou terapêutico e não substituem
          um profissional de saúde. Podem errar e não conhecem a sua história.
        </p>
        <p>
          Se você estiver em sofrimento ou pensando em se machucar, procure ajuda agora: o CVV (Centro de Valorização da
          Vida) atende de graça, 24 horas por dia, pelo telefone{' '}
          <a href="tel:188" className={legalTextLinkClass}>
            188
          </a>{' '}
          ou pelo site{' '}
          <a href="https://cvv.org.br" target="_blank" rel="noopener noreferrer" className={legalTextLinkClass}>
            cvv.org.br
          </a>
          . Em uma emergência, ligue 192 (SAMU).
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.account}>
        <LegalList>
          <li>
            Para usar o Sonhário, você precisa ter 18 anos ou mais, ou a autorização de quem é responsável por você.
          </li>
          <li>
            Informe um e-mail seu e guarde a sua senha com cuidado: o que for feito com a sua conta é responsabilidade
            sua.
          </li>
          <li>
            Se suspeitar que alguém entrou na sua conta, troque a senha e encerre as outras sessões em Configurações.
          </li>
        </LegalList>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.content}>
        <p>
          O que você escreve é seu. Usamos seus sonhos só para guardá-los, mostrá-los a você e analisá-los quando você
          pedir. Não vendemos seus dados nem usamos seus sonhos para treinar modelos de IA. Você pode exportar tudo a
          qualquer momento, em Configurações. Quem recebe o texto de um sonho quando você pede uma análise está descrito
          na Política de Privacidade.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.use}>
        <p>Ao usar o Sonhário, você se compromete a não:</p>
        <LegalList>
          <li>tentar acessar a conta ou os dados de outra pessoa;</li>
          <li>atacar, sobrecarregar ou tentar burlar os limites do serviço (cotas, créditos, proteções de acesso);</li>
          <li>usar automação para criar contas ou pedir análises em massa;</li>
          <li>usar o serviço para algo ilegal.</li>
        </LegalList>
        <p>Quem descumprir estas regras pode ter a conta suspensa.</p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.plans}>
        <p>Registrar sonhos é ilimitado em todos os planos. As análises seguem o plano:</p>
        <PlanQuotasTable
          caption="Análises incluídas por mês"
          planHeader="Plano"
          quotaHeader="Análises por mês"
          unlimited="Ilimitadas"
          perMonth={(count) => `${count} por mês`}
        />
        <LegalList>
          <li>
            A cota conta as análises de cada mês do calendário, no seu fuso horário, e renova no primeiro dia do mês.
            Análises não usadas não passam para o mês seguinte.
          </li>
          <li>
            Depois da cota, cada análise custa {CREDIT_RULES.analysisCost} créditos. Ao criar a conta, você ganha{' '}
            {CREDIT_RULES.welcomeBonus} créditos de boas-vindas.
          </li>
          <li>Análises que falham ou que você cancela não custam nada.</li>
          <li>
            Créditos não têm valor em dinheiro: não podem ser trocados por dinheiro nem transferidos, e deixam de
            existir com a exclusão da conta.
          </li>
          <li>
            Os planos pagos e seus preços, quando oferecidos por este servidor, são os anunciados na página inicial.
            Mudanças nas regras valem daí para a frente, nunca para o que já foi usado.
          </li>
        </LegalList>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.asIs}>
        <p>
          O Sonhário é oferecido como está, sem garantia de que estará sempre disponível, sem erros, ou de que as
          análises estejam certas. Fazemos o possível para não perder nada do que você registra, mas recomendamos
          exportar seus dados de vez em quando. Na medida permitida pela lei, o operador não responde por danos
          indiretos do uso do serviço. Nada nestes termos limita os seus direitos de consumidor.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.ending}>
        <p>
          Você pode excluir a sua conta quando quiser, em Configurações: tudo o que está ligado a ela é apagado. O
          operador pode suspender uma conta que descumpra estes termos, avisando antes sempre que possível.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.changes}>
        <p>
          Quando estes termos mudarem, a data no topo muda com eles, e mudanças importantes serão avisadas no app. Estes
          termos seguem as leis do Brasil. Dúvidas: veja o contato na{' '}
          <Link to="/privacidade#contato" className={legalTextLinkClass}>
            Política de Privacidade
          </Link>
          .
        </p>
      </LegalSectionBlock>
    </>
  );
}
