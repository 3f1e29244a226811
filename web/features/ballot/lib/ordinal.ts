/** 1 -> '1st', 2 -> '2nd', 11 -> '11th', 23 -> '23rd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** A candidate as every ballot screen names it: '#3 Solar kiosks'. */
export const candidateName = (candidate: { number: number; title: string }) =>
  `#${candidate.number} ${candidate.title}`;
