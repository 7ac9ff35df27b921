import type { ImpactReportData, ImpactReportHeading } from '../../../shared/api/reports';
import { renderImpactOgImage } from './impact-og-image';
import { renderImpactPdf } from './impact-pdf';

export type ImpactFileKind = 'pdf' | 'image';

export interface ImpactRenderTask {
  kind: ImpactFileKind;
  report: ImpactReportHeading;
  data: ImpactReportData;
}

/**
 * Runs in a worker thread of ImpactRenderer's pool (piscina loads the compiled file and calls this
 * export): drawing a report takes up to a second or more of CPU, which on the event loop would stall
 * every other call.
 */
export async function renderImpactFile(task: ImpactRenderTask): Promise<Uint8Array> {
  return task.kind === 'pdf' ? renderImpactPdf(task.report, task.data) : renderImpactOgImage(task.report, task.data);
}
