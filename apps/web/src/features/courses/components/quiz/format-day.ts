/** A date as the review card says it ("2 Jan 2026"). */
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
