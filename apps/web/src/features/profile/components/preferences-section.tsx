import { LOCALES, THEMES, type Profile } from '@sonhario/contracts/profile';
import { Languages, Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RetryAlert } from '@/components/retry-alert';
import { SectionCard } from '@/components/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useProfile } from '@/hooks/use-profile';
import { applyLanguage, applyTheme } from '@/lib/preferences';
import { useUpdateProfile } from '../api/use-update-profile';

type Locale = Profile['locale'];
type Theme = Profile['theme'];

/** Each language in its own words (never translated), marked with its lang for screen readers. */
const LANGUAGE_NAMES: Record<Locale, string> = { 'pt-BR': 'Português (Brasil)', en: 'English' };
const THEME_ICONS = { dark: Moon, light: Sun, system: Monitor } satisfies Record<Theme, unknown>;

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);
const isTheme = (value: string): value is Theme => (THEMES as readonly string[]).includes(value);

/**
 * 'Idioma e tema': each choice shows at once (lib/preferences applies it) and is saved to the profile
 * (PATCH /me/profile), so every device signed in to the account follows. A refused save puts the previous one back.
 */
function PreferenceChoices({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile();
  const pendingLocale = updateProfile.isPending ? updateProfile.variables.locale : undefined;
  const pendingTheme = updateProfile.isPending ? updateProfile.variables.theme : undefined;
  const locale = pendingLocale ?? profile.locale;
  const theme = pendingTheme ?? profile.theme;

  const chooseLocale = (next: string) => {
    if (!isLocale(next) || next === locale) return;
    const previous = profile.locale;
    void applyLanguage(next);
    updateProfile.mutate(
      { locale: next },
      {
        onError: () => {
          void applyLanguage(previous);
          toast.error(t('settings.preferences.saveError'));
        },
      },
    );
  };

  const chooseTheme = (next: string) => {
    if (!isTheme(next) || next === theme) return;
    const previous = profile.theme;
    applyTheme(next);
    updateProfile.mutate(
      { theme: next },
      {
        onError: () => {
          applyTheme(previous);
          toast.error(t('settings.preferences.saveError'));
        },
      },
    );
  };

  return (
    <>
      <div className="grid gap-2">
        <p id="language-label" className="text-sm font-medium">
          {t('settings.preferences.language')}
        </p>
        <ToggleGroup
          type="single"
          aria-labelledby="language-label"
          value={locale}
          onValueChange={chooseLocale}
          disabled={updateProfile.isPending}
          className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2"
        >
          {LOCALES.map((option) => (
            <ToggleGroupItem key={option} value={option} variant="segment" lang={option} className="w-full">
              {LANGUAGE_NAMES[option]}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </div>
      <div className="grid gap-2">
        <p id="theme-label" className="text-sm font-medium">
          {t('settings.preferences.theme')}
        </p>
        <ToggleGroup
          type="single"
          aria-labelledby="theme-label"
          value={theme}
          onValueChange={chooseTheme}
          disabled={updateProfile.isPending}
          className="grid grid-cols-3 gap-2"
        >
          {THEMES.map((option) => {
            const Icon = THEME_ICONS[option];
            return (
              <ToggleGroupItem key={option} value={option} variant="segment" className="w-full px-2">
                <Icon aria-hidden="true" />
                {t(`settings.preferences.themes.${option}`)}
              </ToggleGroupItem>
            );
          })}
        </ToggleGroup>
        <p className="text-xs text-muted-foreground">{t('settings.preferences.themeHint')}</p>
      </div>
    </>
  );
}

/** The section, with its choices once the profile (which holds them) has arrived. */
export function PreferencesSection() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <SectionCard
      id="idioma-e-tema"
      icon={Languages}
      title={t('settings.preferences.title')}
      description={t('settings.preferences.description')}
    >
      {profile.data ? (
        <PreferenceChoices profile={profile.data} />
      ) : profile.isError ? (
        <RetryAlert
          message={t('settings.preferences.loadError')}
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <div className="grid gap-3" role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-10 rounded-md" />
          <Skeleton className="h-10 rounded-md" />
        </div>
      )}
    </SectionCard>
  );
}
