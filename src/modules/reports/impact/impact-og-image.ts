import { Resvg } from '@resvg/resvg-js';
import { CHARITY_NAME } from '../../../common/pdf/document';
import { FONT_FAMILY, FONT_FILES } from '../../../common/pdf/fonts';
import { PALETTE } from '../../../common/pdf/palette';
import { runsInVisualOrder, wrapWords } from '../../../common/pdf/rtl-text';
import type { ImpactReportData } from '../../../shared/api/reports';
import { formatGregorianAr } from '../../../shared/arabic-date';
import { ESTIMATE_MARK, FIGURE_LABELS } from '../../../shared/figure-labels';

const WIDTH = 1200;
const HEIGHT = 630;
const RIGHT = WIDTH - 72;

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** One right-aligned line of Arabic text, its runs ordered for resvg (see runsInVisualOrder). */
function line(text: string, x: number, y: number, size: number, fill: string, bold = false): string {
  return `<text x="${x}" y="${y}" text-anchor="end" font-family="${FONT_FAMILY}" font-size="${size}" font-weight="${bold ? 700 : 400}" fill="${fill}">${escapeXml(runsInVisualOrder(text))}</text>`;
}

/**
 * The link-preview image of a shared report (1200 × 630, what WhatsApp and social sites show): the
 * charity, the title and the three headline figures in Arabic, drawn from the stored snapshot.
 */
export function renderImpactOgImage(report: { title: string; startDate: string; endDate: string }, data: ImpactReportData): Buffer {
  const titleLines = wrapWords(report.title, 1000, (s) => s.length * 30).slice(0, 2);
  const figures: [string, string][] = [
    [numbers.format(data.completedRequests), FIGURE_LABELS.completedRequests],
    [numbers.format(data.familiesBenefited), `${FIGURE_LABELS.familiesBenefited} (${ESTIMATE_MARK})`],
    [numbers.format(data.totalFoodSaved), FIGURE_LABELS.foodSavedKg],
  ];
  const boxWidth = 332;
  const gap = 24;
  const boxes = figures
    .map(([value, label], i) => {
      const right = RIGHT - i * (boxWidth + gap);
      return `<rect x="${right - boxWidth}" y="330" width="${boxWidth}" height="170" rx="24" fill="${PALETTE.white}" fill-opacity="0.1"/>
${line(value, right - 28, 415, 64, PALETTE.amber, true)}
${line(label, right - 28, 465, 28, PALETTE.white)}`;
    })
    .join('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="${PALETTE.deep}"/>
<rect x="0" y="${HEIGHT - 12}" width="${WIDTH}" height="12" fill="${PALETTE.amber}"/>
${line(`${CHARITY_NAME} · تقرير الأثر`, RIGHT, 96, 32, PALETTE.amber, true)}
${titleLines.map((t, i) => line(t, RIGHT, 180 + i * 72, 56, PALETTE.white, true)).join('\n')}
${boxes}
${line(`من ${formatGregorianAr(report.startDate)} إلى ${formatGregorianAr(report.endDate)}`, RIGHT, 570, 28, PALETTE.mist)}
</svg>`;
  const resvg = new Resvg(svg, { font: { fontFiles: Object.values(FONT_FILES), loadSystemFonts: false, defaultFontFamily: FONT_FAMILY } });
  return resvg.render().asPng();
}
