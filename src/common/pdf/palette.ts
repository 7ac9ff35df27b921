/**
 * The colours of every document the server draws (PDFs, the preview image): the public site's design
 * tokens (public-ui/src/styles/tokens.css), so a printed page looks like the site it comes from.
 */
export const PALETTE = {
  /** --brand-700, the public site's --color-primary: the one brand green (headings, table heads, frames). */
  green: '#17603F',
  /** --brand-800: titles on white, the preview image's ground. */
  deep: '#0F4430',
  /** --brand-200: quiet text on the deep green. */
  mist: '#C9DDD1',
  /** --brand-50: shaded rows. */
  tint: '#EFF7F2',
  /** --sand-300: the accent on frames and the brand mark. */
  sand: '#F2D49B',
  /** --amber-500: figures and accents on the deep green. */
  amber: '#E0A43A',
  /** --grey-900: body text. */
  ink: '#1D2623',
  /** --grey-600: secondary text. */
  muted: '#56625D',
  /** --grey-300: rules and cell borders. */
  line: '#D3DAD6',
  white: '#FFFFFF',
} as const;
