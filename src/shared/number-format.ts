/** A figure in Arabic text as the charity writes it: Western digits, thousands grouped, two decimals at most. */
const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
export const formatFigure = (n: number): string => numbers.format(n);
