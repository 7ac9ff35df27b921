import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * IBM Plex Sans Arabic, the web UIs' typeface, from its npm package. Resolved from the app's folder:
 * there is no __dirname in src (the server also runs as ESM in tests), and the worker thread that draws
 * impact reports runs from dist/.
 */
const resolver = createRequire(join(process.cwd(), 'package.json'));
const PACKAGE = '@expo-google-fonts/ibm-plex-sans-arabic';

export const FONT_FAMILY = 'IBM Plex Sans Arabic';

/** The two weights the documents use, by the name PDFKit registers them under. */
export const FONT_FILES = {
  regular: resolver.resolve(`${PACKAGE}/400Regular/IBMPlexSansArabic_400Regular.ttf`),
  bold: resolver.resolve(`${PACKAGE}/700Bold/IBMPlexSansArabic_700Bold.ttf`),
} as const;

export type FontName = keyof typeof FONT_FILES;

export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
}
