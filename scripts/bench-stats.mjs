// The browser benchmark's small statistics, shared by its phases: a seeded sequence, the
// median, a nearest-rank percentile and a bootstrap interval of a difference of medians.

/** A fixed sequence of numbers in [0, 1) from `seed` (a linear congruential generator): the
 *  same run draws the same numbers. */
export function seeded(seed) {
  return () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Nearest-rank percentile of sorted values. */
export const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

/** A 95 % bootstrap interval of median(a) - median(b): 2,000 resamples of each, with a fixed
 *  seed so that the same samples give the same interval. */
export function medianDifferenceInterval(a, b) {
  const next = seeded(2048);
  const resample = (xs) => xs.map(() => xs[Math.floor(next() * xs.length)]);
  const differences = [];
  for (let i = 0; i < 2000; i++) differences.push(median(resample(a)) - median(resample(b)));
  differences.sort((x, y) => x - y);
  return [percentile(differences, 2.5), percentile(differences, 97.5)];
}
