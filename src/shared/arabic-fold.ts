/**
 * Arabic text in one comparable form: lower case, diacritics and tatweel removed, the alef forms (أ إ آ)
 * as ا, ى as ي and ة as ه — so «الامارات» finds «الإمارات».
 */
export function foldArabic(s: string): string {
  return s
    .toLowerCase()
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه');
}
