/** A count as the product writes it everywhere: Indian digit grouping (20,000; 1,00,000). */
export const formatCount = (value: number): string => value.toLocaleString('en-IN');

/** A count with its noun, plural unless it is exactly one ("1 row", "20,000 rows", "0 trades"). */
export const countOf = (value: number, word: string): string =>
  `${formatCount(value)} ${word}${value === 1 ? '' : 's'}`;
