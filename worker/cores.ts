// How training runs share a device's cores (issue 34). Each run trains one model on a number
// of threads; the same bits on any number, so the share only decides how fast each goes. The
// web app's training pool and `organelle train <game>` both share this way, and give a
// finished run's threads to the runs still going.

/**
 * Each of `runs` runs' threads when they share `cores`: as even as whole threads allow, the
 * earlier runs taking the odd ones (one run gets every core; "Train both" on 2 cores, one each;
 * more runs than cores, one each).
 */
export function shareCores(cores: number, runs: number): number[] {
  const total = Math.max(1, Math.floor(cores));
  if (runs < 1) return [];
  const base = Math.max(1, Math.floor(total / runs));
  const extra = runs >= total ? 0 : total % runs;
  return Array.from({ length: runs }, (_, i) => base + (i < extra ? 1 : 0));
}
