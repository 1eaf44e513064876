import { MoonStar, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** 'Atividade Recente' with its empty state (no dreams can be recorded yet). */
export function RecentActivity() {
  const { t } = useTranslation();
  return (
    <Card className="bg-card/60 backdrop-blur-sm" aria-labelledby="recent-title" role="region">
      <CardHeader>
        <CardTitle asChild className="font-display text-xl font-semibold">
          <h2 id="recent-title">{t('dashboard.recent.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-6 py-12 text-center">
          <span
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-primary/30 to-primary/5 text-primary ring-1 ring-primary/30 ring-inset"
          >
            <MoonStar className="size-6" />
          </span>
          <p className="mt-2 font-medium">{t('dashboard.recent.empty')}</p>
          <p className="max-w-sm text-sm text-pretty text-muted-foreground">{t('dashboard.recent.emptyHint')}</p>
          <Button asChild className="mt-3">
            <Link to="/app/dreams/new">
              <PenLine aria-hidden="true" />
              {t('dashboard.recent.cta')}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
