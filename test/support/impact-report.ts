/** Arabic text of exactly `length` characters (words and spaces, as typed). */
function arabicText(length: number): string {
  const words = 'حفظنا طعام حفل الزواج الكبير ووزعناه على الأسر المحتاجة في ينبع ';
  return words
    .repeat(Math.ceil(length / words.length))
    .slice(0, length)
    .trimEnd()
    .padEnd(length, 'ة');
}

/** An impact report at the limits of the admin's form (src/shared/impact.ts): the most costly to draw. */
export function maximalImpactReport(title = arabicText(200)) {
  return {
    title,
    description: arabicText(2000),
    periodType: 'annual',
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    impactStories: Array.from({ length: 10 }, () => ({
      title: arabicText(200),
      description: arabicText(1000),
      impact: arabicText(500),
    })),
  };
}
