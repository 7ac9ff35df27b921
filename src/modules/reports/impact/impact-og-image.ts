import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { ImpactReportData } from '../../../shared/api/reports';
import { formatGregorianAr } from '../../../shared/arabic-date';
import { runsInVisualOrder, wrapWords } from './rtl-text';
import { ESTIMATE_MARK, FIGURE_LABELS } from '../../../shared/figure-labels';

const resolver = createRequire(join(process.cwd(), 'package.json'));
const FONTS = [
  resolver.resolve('@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf'),
  resolver.resolve('@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf'),
];
const WIDTH = 1200;
const HEIGHT = 630;
const RIGHT = WIDTH - 72;

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** One right-aligned line of Arabic text, its runs ordered for resvg (see runsInVisualOrder). */
function line(text: string, x: number, y: number, size: number, fill: string, bold = false): string {
  return `<text x="${x}" y="${y}" text-anchor="end" font-family="IBM Plex Sans Arabic" font-size="${size}" font-weight="${bold ? 700 : 400}" fill="${fill}">${escapeXml(runsInVisualOrder(text))}</text>`;
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
      return `<rect x="${right - boxWidth}" y="330" width="${boxWidth}" height="170" rx="24" fill="#ffffff" fill-opacity="0.1"/>
${line(value, right - 28, 415, 64, '#e0a43a', true)}
${line(label, right - 28, 465, 28, '#ffffff')}`;
    })
    .join('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#0f4430"/>
<rect x="0" y="${HEIGHT - 12}" width="${WIDTH}" height="12" fill="#e0a43a"/>
${line('جمعية حفظ النعمة بينبع · تقرير الأثر', RIGHT, 96, 32, '#e0a43a', true)}
${titleLines.map((t, i) => line(t, RIGHT, 180 + i * 72, 56, '#ffffff', true)).join('\n')}
${boxes}
${line(`من ${formatGregorianAr(report.startDate)} إلى ${formatGregorianAr(report.endDate)}`, RIGHT, 570, 28, '#c9ddd1')}
</svg>`;
  const resvg = new Resvg(svg, { font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: 'IBM Plex Sans Arabic' } });
  return resvg.render().asPng();
}
