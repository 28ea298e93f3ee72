// "Did you mean": the known words nearest a mistyped one, for the errors of an unknown command
// or option (`organelle slove` -> did you mean "solve"?). Nearness is the number of letters to
// insert, delete, change or swap with the next one (a swap is one slip of the fingers, as in
// "slove"); a word further than a third of its length from every known one is no slip, and
// gets no suggestion.

/** The edits between `a` and `b`: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  // d[i][j]: the distance between a's first i letters and b's first j
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The known words nearest `word` (every one at the least distance, in `known`'s order), or none when no word is near. */
export function nearest(word: string, known: readonly string[]): string[] {
  const typed = word.toLowerCase();
  // one slip in a short word, up to a third of a longer one's letters
  const most = Math.max(1, Math.floor(typed.length / 3));
  const scored = known.map((k) => ({ k, d: editDistance(typed, k.toLowerCase()) })).filter((s) => s.d <= most);
  const least = Math.min(...scored.map((s) => s.d));
  return scored.filter((s) => s.d === least).map((s) => s.k);
}

/** 'did you mean "solve"?' (each known word as `quote` writes it), or null when no known word is near. */
export function didYouMean(word: string, known: readonly string[], quote: (k: string) => string = (k) => `"${k}"`): string | null {
  const near = nearest(word, known);
  return near.length === 0 ? null : `did you mean ${near.map(quote).join(' or ')}?`;
}
