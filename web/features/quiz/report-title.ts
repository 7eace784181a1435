import { isReportName } from '../../../contract/reports.base.ts';
import { reportSummaries } from '../reports/report-names.ts';

/** A report's title as My Opinion DNA names it; the name itself for one this app does not know. */
export function reportTitle(name: string): string {
  return isReportName(name) ? reportSummaries[name].title : name;
}
