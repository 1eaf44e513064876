import { PLAN_NAMES, PLAN_QUOTAS } from '@sonhario/contracts/credits';
import { PLANS } from '@sonhario/contracts/profile';

/** The plans and their monthly analyses (PLAN_QUOTAS), for the terms. */
export function PlanQuotasTable({
  caption,
  planHeader,
  quotaHeader,
  unlimited,
  perMonth,
}: {
  caption: string;
  planHeader: string;
  quotaHeader: string;
  unlimited: string;
  perMonth: (count: number) => string;
}) {
  return (
    <table className="w-full max-w-md text-sm">
      <caption className="pb-2 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {caption}
      </caption>
      <thead>
        <tr className="border-b border-border/70 text-left text-muted-foreground">
          <th scope="col" className="px-2 py-2 font-medium">
            {planHeader}
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            {quotaHeader}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border/70 border-b border-border/70">
        {PLANS.map((plan) => {
          const quota = PLAN_QUOTAS[plan];
          return (
            <tr key={plan}>
              <th scope="row" className="px-2 py-2 text-left font-medium">
                {PLAN_NAMES[plan]}
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{quota === null ? unlimited : perMonth(quota)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
