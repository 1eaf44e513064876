import type { MonthlyReportResult } from '@sonhario/contracts/reports';

/** What the local model answers to a monthly report's request (its body holds `<month_record>`). */
export const REPORT_PROVIDER_RESULT: MonthlyReportResult = {
  summary: 'Um mês de mar e de faróis, com noites inquietas no começo e mais calma no fim.',
  themes: [{ name: 'Travessia', description: 'O mar aparece como passagem em vários sonhos.' }],
  emotionalArc: 'O medo das primeiras noites deu lugar, aos poucos, a uma curiosidade tranquila.',
  recurringSymbols: [{ symbol: 'mar', note: 'Em dois sonhos, primeiro escuro, depois sereno.' }],
  changeFromPreviousMonth: 'O mês anterior não tinha sonhos registrados para comparar.',
  reflectionQuestions: ['O que você está atravessando agora?', 'Onde o mar aparece na sua vida desperta?'],
};
