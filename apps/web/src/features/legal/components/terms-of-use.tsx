import { useTranslation } from 'react-i18next';
import { TERMS_UPDATED_ON } from '../legal-documents';
import { LegalPageLayout } from './legal-page-layout';
import { TERMS_SECTIONS_EN, TermsOfUseEn } from './terms-of-use-en';
import { TERMS_SECTIONS_PT_BR, TermsOfUsePtBr } from './terms-of-use-pt-br';

/** 'Termos de Uso', written whole in each language like the privacy policy. Plans and credits come from the contracts. */
export function TermsOfUse() {
  const { t, i18n } = useTranslation();
  const isEnglish = i18n.language === 'en';
  return (
    <LegalPageLayout
      title={t('legal.terms')}
      updatedOn={TERMS_UPDATED_ON}
      sections={isEnglish ? TERMS_SECTIONS_EN : TERMS_SECTIONS_PT_BR}
    >
      {isEnglish ? <TermsOfUseEn /> : <TermsOfUsePtBr />}
    </LegalPageLayout>
  );
}
