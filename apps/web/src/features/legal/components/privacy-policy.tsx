import { useTranslation } from 'react-i18next';
import { usePrivacyInfo } from '@/hooks/use-privacy-info';
import { PRIVACY_POLICY_UPDATED_ON } from '../legal-documents';
import { LegalPageLayout } from './legal-page-layout';
import { PRIVACY_SECTIONS_EN, PrivacyPolicyEn } from './privacy-policy-en';
import { PRIVACY_SECTIONS_PT_BR, PrivacyPolicyPtBr } from './privacy-policy-pt-br';

/**
 * 'Política de Privacidade'. The document is written whole in each language (a legal text reads better as one text
 * than as hundreds of translation keys); the parts that depend on this server come from GET /privacy-info.
 */
export function PrivacyPolicy() {
  const { t, i18n } = useTranslation();
  const privacyInfo = usePrivacyInfo();
  const isEnglish = i18n.language === 'en';
  const Document = isEnglish ? PrivacyPolicyEn : PrivacyPolicyPtBr;
  return (
    <LegalPageLayout
      title={t('legal.privacy')}
      updatedOn={PRIVACY_POLICY_UPDATED_ON}
      sections={isEnglish ? PRIVACY_SECTIONS_EN : PRIVACY_SECTIONS_PT_BR}
    >
      <Document privacyInfo={privacyInfo} />
    </LegalPageLayout>
  );
}
