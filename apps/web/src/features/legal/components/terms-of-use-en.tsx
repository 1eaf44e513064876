import { CREDIT_RULES } from '@sonhario/contracts/credits';
import { Link } from 'react-router';
import { legalTextLinkClass, LegalList, LegalSectionBlock } from './legal-page-layout';
import { PlanQuotasTable } from './plan-quotas-table';

const SECTIONS = {
  service: { id: 'service', title: 'The service' },
  health: { id: 'health', title: 'Not medical advice' },
  account: { id: 'account', title: 'Your account' },
  content: { id: 'content', title: 'Your dreams are yours' },
  use: { id: 'acceptable-use', title: 'Acceptable use' },
  plans: { id: 'plans-and-credits', title: 'Plans and credits' },
  asIs: { id: 'as-is', title: 'The service as it is' },
  ending: { id: 'ending', title: 'Ending' },
  changes: { id: 'changes', title: 'Changes and governing law' },
};

export const TERMS_SECTIONS_EN = Object.values(SECTIONS);

/** The Terms of Use, in English. */
export function TermsOfUseEn() {
  return (
    <>
      <p>
        These terms are the agreement between you and whoever runs this Sonhário server (the operator). By creating an
        account, you accept them and the{' '}
        <Link to="/privacidade" className={legalTextLinkClass}>
          Privacy Policy
        </Link>
        . We have tried to keep them simple; if anything is unclear, ask.
      </p>

      <LegalSectionBlock section={SECTIONS.service}>
        <p>
          Sonhário is a personal dream journal: you record your dreams, keep track of your streak and, if you like, ask
          for an analysis of each dream. The journal works without the analyses.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.health}>
        <p>
          Analyses are <strong>reflections, not diagnoses</strong>: readings of symbols, emotions and themes for you to
          think about your dreams. They are not medical, psychological or therapeutic advice and do not replace a health
          professional. They can be wrong, and they do not know your story.
        </p>
        <p>
          If you are suffering or thinking about hurting yourself, reach out now: in Brazil, CVV (Centro de Valorização
          da Vida) answers for free, 24 hours a day, on{' '}
          <a href="tel:188" className={legalTextLinkClass}>
            188
          </a>{' '}
          or at{' '}
          <a href="https://cvv.org.br" target="_blank" rel="noopener noreferrer" className={legalTextLinkClass}>
            cvv.org.br
          </a>
          . In an emergency, call 192 (SAMU) or your local emergency number.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.account}>
        <LegalList>
          <li>To use Sonhário, you must be 18 or older, or have the permission of a parent or guardian.</li>
          <li>
            Use an email address of your own and keep your password safe: what is done with your account is your
            responsibility.
          </li>
          <li>
            If you suspect someone got into your account, change your password and end the other sessions in Settings.
          </li>
        </LegalList>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.content}>
        <p>
          What you write is yours. We use your dreams only to store them, show them to you and analyze them when you
          ask. We do not sell your data or use your dreams to train AI models. You can export everything at any time, in
          Settings. Who receives a dream's text when you ask for an analysis is described in the Privacy Policy.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.use}>
        <p>When using Sonhário, you agree not to:</p>
        <LegalList>
          <li>try to access someone else's account or data;</li>
          <li>
            attack or overload the service, or try to get around its limits (quotas, credits, access protections);
          </li>
          <li>use automation to create accounts or request analyses in bulk;</li>
          <li>use the service for anything illegal.</li>
        </LegalList>
        <p>Accounts that break these rules may be suspended.</p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.plans}>
        <p>Recording dreams is unlimited on every plan. Analyses follow your plan:</p>
        <PlanQuotasTable
          caption="Analyses included per month"
          planHeader="Plan"
          quotaHeader="Analyses per month"
          unlimited="Unlimited"
          perMonth={(count) => `${count} per month`}
        />
        <LegalList>
          <li>
            The quota counts the analyses of each calendar month, in your time zone, and renews on the first day of the
            month. Unused analyses do not carry over to the next month.
          </li>
          <li>
            Beyond the quota, each analysis costs {CREDIT_RULES.analysisCost} credits. When you create your account, you
            receive {CREDIT_RULES.welcomeBonus} welcome credits.
          </li>
          <li>Analyses that fail or that you cancel cost nothing.</li>
          <li>
            Credits have no cash value: they cannot be exchanged for money or transferred, and they cease to exist when
            the account is deleted.
          </li>
          <li>
            Paid plans and their prices, when this server offers them, are those shown on the home page. Changes to
            these rules apply from then on, never to what has already been used.
          </li>
        </LegalList>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.asIs}>
        <p>
          Sonhário is provided as is, with no guarantee that it will always be available or free of errors, or that
          analyses are right. We do our best never to lose anything you record, but we recommend exporting your data
          from time to time. To the extent the law allows, the operator is not liable for indirect damages from using
          the service. Nothing in these terms limits your rights as a consumer.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.ending}>
        <p>
          You can delete your account whenever you want, in Settings: everything tied to it is erased. The operator may
          suspend an account that breaks these terms, giving notice beforehand whenever possible.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.changes}>
        <p>
          When these terms change, the date at the top changes with them, and important changes will be announced in the
          app. These terms are governed by the laws of Brazil. Questions: see the contact in the{' '}
          <Link to="/privacidade#contact" className={legalTextLinkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </LegalSectionBlock>
    </>
  );
}
