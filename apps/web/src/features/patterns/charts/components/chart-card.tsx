import { BarChart3, Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * One chart of 'Padrões': a titled card whose chart is described in words (the description is the chart's
 * accessible description, and visible) and can be switched to a real table of the same numbers.
 */
export function ChartCard({
  title,
  description,
  table,
  children,
}: {
  title: string;
  description: string;
  table: ChartTable;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [isTable, setIsTable] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  return (
    <section
      aria-labelledby={titleId}
      className="grid min-w-0 gap-3 rounded-xl border border-border bg-card/60 p-4 backdrop-blur-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-display text-base font-semibold">
          {title}
        </h3>
        <Button variant="ghost" size="sm" aria-pressed={isTable} onClick={() => setIsTable((shown) => !shown)}>
          {isTable ? <BarChart3 aria-hidden="true" /> : <Table2 aria-hidden="true" />}
          {isTable ? t('patternCharts.showChart') : t('patternCharts.showTable')}
        </Button>
      </div>
      <p id={descriptionId} className="text-xs text-pretty text-muted-foreground">
        {description}
      </p>
      {isTable ? (
        <div className="max-h-80 overflow-auto rounded-md border border-border/60">
          <table className="w-full text-left text-sm tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-card text-xs text-muted-foreground">
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex} className="border-t border-border/40">
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                        {cell}
                      </th>
                    ) : (
                      <td key={cellIndex} className="px-3 py-1.5">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div role="group" aria-labelledby={titleId} aria-describedby={descriptionId} className="h-56 w-full min-w-0">
          {children}
        </div>
      )}
    </section>
  );
}
