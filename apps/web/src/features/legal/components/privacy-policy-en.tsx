import { Link } from 'react-router';
import { legalTextLinkClass, LegalList, LegalSectionBlock } from './legal-page-layout';
import { type PrivacyDocumentProps, PrivacyInfoState } from './privacy-info-state';

const SECTIONS = {
  data: { id: 'data', title: 'What we keep and why' },
  ai: { id: 'ai', title: 'Who sees your dreams: AI analysis' },
  legalBases: { id: 'legal-bases', title: 'Legal bases' },
  retention: { id: 'retention', title: 'How long we keep it' },
  rights: { id: 'rights', title: 'Your rights (LGPD, art. 18)' },
  contact: { id: 'contact', title: 'Contact' },
  changes: { id: 'changes', title: 'Changes to this policy' },
};

export const PRIVACY_SECTIONS_EN = Object.values(SECTIONS);

const PROVIDER_NAMES = {
  openai: 'OpenAI (or a service compatible with the OpenAI API)',
  anthropic: 'Anthropic',
} as const;

/** The Privacy Policy, in English. */
export function PrivacyPolicyEn({ privacyInfo }: PrivacyDocumentProps) {
  const info = privacyInfo.data;
  const undoMinutes = info?.retention.deletedDreamUndoMinutes;
  return (
    <>
      <div className="grid gap-3">
        <p>
          Sonhário is a dream journal. What you write in it is intimate, and this page says, without fine print, what we
          keep, why, who else sees what, and how you decide about your data. It follows Brazil's General Data Protection
          Law (LGPD, Law No. 13,709/2018).
        </p>
        <p>
          Anyone can install Sonhário on a server of their own. Whoever runs this server (the operator) is the
          controller of your data and answers for it.
        </p>
      </div>

      <LegalSectionBlock section={SECTIONS.data}>
        <LegalList>
          <li>
            <strong>Account:</strong> your email, your password (kept only as an argon2id hash, never the text itself),
            your first and last name if you give them, and, if you sign in with Google, your Google account's identifier
            and the email it provides. They let you sign in and recover access.
          </li>
          <li>
            <strong>Profile:</strong> time zone, language, theme and plan. They make “last night”, your streak and the
            monthly quota follow your clock, and the app look the way you like.
          </li>
          <li>
            <strong>Dreams:</strong> the title, text, notes and tags are encrypted at rest with AES-256-GCM, under a key
            that is yours alone; that key is itself stored separately, encrypted under the server's master key. The
            date, mood, emotions, lucidity, vividness, sleep quality and the nightmare and recurring marks are not
            encrypted, for filters, statistics and your streak.
          </li>
          <li>
            <strong>Search:</strong> to search your dreams without keeping their text in the clear, we use a keyed blind
            index: each word becomes a code (an HMAC, under a key of yours) and searching compares codes. The words
            cannot be read from the index.
          </li>
          <li>
            <strong>Analyses:</strong> each analysis result is encrypted with the same key as your dreams. We also keep
            which provider and model made it, and when.
          </li>
          <li>
            <strong>Credits and usage:</strong> a ledger of the credits earned and spent and of the analyses counted
            against the month's quota, to apply your plan's rules.
          </li>
          <li>
            <strong>Consents:</strong> each of your answers, with its purpose, the text version, the date and where it
            was given (at sign-up, in the app's question or in the settings).
          </li>
          <li>
            <strong>Sessions and security:</strong> your open sessions (browser, IP address, last use) and a log of
            security events such as sign-ins, sign-outs and password changes, to protect your account and show where it
            is signed in.
          </li>
          <li>
            <strong>Emails:</strong> only those about your account (sign-up confirmation, password recovery, email
            change and the notice that your account was deleted). No marketing.
          </li>
        </LegalList>
        <p>
          This browser keeps your session, this device's language and theme, and the draft of a dream not saved yet. We
          use no tracking cookies and no third-party analytics. The server's logs never contain passwords, tokens or the
          text of your dreams.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.ai}>
        <PrivacyInfoState query={privacyInfo}>
          {(current) =>
            current.ai.provider === 'builtin' ? (
              <p>
                <strong>This server uses the local symbolic analysis</strong> (version {current.ai.model}), which runs
                on the server itself: <strong>nothing leaves the server</strong>. No third-party AI service receives
                your dreams.
              </p>
            ) : (
              <div className="grid gap-3">
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-border/70 bg-background/40 px-4 py-3 text-sm">
                  <dt className="text-muted-foreground">Provider</dt>
                  <dd>{PROVIDER_NAMES[current.ai.provider]}</dd>
                  <dt className="text-muted-foreground">Model</dt>
                  <dd className="break-all">{current.ai.model}</dd>
                  {current.ai.host ? (
                    <>
                      <dt className="text-muted-foreground">Address</dt>
                      <dd className="break-all">{current.ai.host}</dd>
                    </>
                  ) : null}
                </dl>
                <p>
                  A dream's text goes to that service <strong>only after your consent</strong> to AI analysis, and{' '}
                  <strong>only when you click “Analyze dream”</strong> on that dream. Never in the background, never in
                  bulk.
                </p>
                <p>
                  <strong>What is sent:</strong> that dream's title, text, notes, date, marked emotions, mood on waking,
                  lucidity, vividness and nightmare and recurring marks; and, to notice patterns, a short list of
                  symbols that appeared in your earlier dreams (such as “sea (3)”), never their text.
                </p>
                <p>
                  <strong>What is not sent:</strong> your name, your email, your tags, your other dreams or any
                  identifier of your account.
                </p>
                <p>
                  That service handles the text it receives under its own rules; the operator chooses the provider and
                  answers for that choice.
                </p>
              </div>
            )
          }
        </PrivacyInfoState>
        <p>
          Without your consent, nothing is sent for analysis. You can withdraw it at any time in{' '}
          <Link to="/app/settings" className={legalTextLinkClass}>
            Settings
          </Link>
          : analyses stop and your journal keeps working.
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.legalBases}>
        <p>
          We process your account, profile, dream and credit data to provide the service you asked for when you created
          your account (LGPD, art. 7, V). Since dreams can reveal sensitive data, such as health and intimate life,
          processing them and analyzing them with AI rest on your consent (art. 7, I, and art. 11, I). Security logs
          serve the legitimate interest of protecting your account (art. 7, IX).
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.retention}>
        <LegalList>
          <li>
            <strong>Deleted dreams</strong> can be restored for{' '}
            {undoMinutes === undefined ? 'a few minutes' : `${undoMinutes} ${undoMinutes === 1 ? 'minute' : 'minutes'}`}{' '}
            (the “Undo”); after that, they are erased for good.
          </li>
          <li>
            <strong>Deleting your account</strong> (in Settings) erases everything tied to it — dreams, analyses, credit
            ledger, consents, sessions and profile — and destroys your key.
            {info?.isKeyStoreSeparate
              ? ' Old backups that still hold your encrypted dreams can no longer be read by anyone.'
              : ' On this server the keys live in the same database: backups made before the deletion still hold them until the operator discards them.'}
          </li>
          <li>While your account exists, we keep your data to provide the service.</li>
        </LegalList>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.rights}>
        <p>The LGPD (art. 18) gives you the right to:</p>
        <LegalList>
          <li>confirmation that we process your data, and access to it;</li>
          <li>correction of incomplete, inaccurate or outdated data;</li>
          <li>anonymization, blocking or deletion of unnecessary or excessive data;</li>
          <li>portability of your data;</li>
          <li>deletion of the data processed with your consent;</li>
          <li>information about whom your data is shared with;</li>
          <li>information about the option not to consent, and what happens if you do not;</li>
          <li>withdrawal of your consent.</li>
        </LegalList>
        <p>You can exercise most of them yourself, in the app:</p>
        <LegalList>
          <li>
            in{' '}
            <Link to="/app/settings" className={legalTextLinkClass}>
              Settings
            </Link>
            : export all your data (as JSON and as a readable document), withdraw your consent, see and end sessions,
            and delete your account;
          </li>
          <li>
            in your{' '}
            <Link to="/app/profile" className={legalTextLinkClass}>
              Profile
            </Link>
            : correct your data;
          </li>
          <li>on each dream: edit or delete it.</li>
        </LegalList>
        <p>
          For anything the app does not let you do, contact us (see Contact). You can also complain to Brazil's National
          Data Protection Authority (ANPD).
        </p>
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.contact}>
        {info?.contactEmail ? (
          <p>
            Write to{' '}
            <a href={`mailto:${info.contactEmail}`} className={legalTextLinkClass}>
              {info.contactEmail}
            </a>
            .
          </p>
        ) : (
          <p>Reach whoever runs this server through the operator's support email.</p>
        )}
      </LegalSectionBlock>

      <LegalSectionBlock section={SECTIONS.changes}>
        <p>
          When this policy changes, the date at the top changes with it. If the consent text changes, it gets a new
          version, and every answer already given stays recorded with the version it answered.
        </p>
      </LegalSectionBlock>
    </>
  );
}
