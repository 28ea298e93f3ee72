// What to try after a refusal: the intents the organelles know that are closest to the refused
// one, by the words they share. Deterministic: the same intent and pool give the same list in
// the same order. Words are compared lower case, with the words every intent has ("the",
// "signal", "then") left out and a few endings trimmed ("smoothing" meets "smooth"), and the
// score is the shared words over the geometric mean of both lists' lengths (a cosine), so a
// short sentence naming the same operation beats a long one that happens to share more filler.

/** Words that tell nothing about what an intent asks for. */
const FILLER = new Set([
  'a', 'an', 'the', 'of', 'to', 'by', 'with', 'over', 'in', 'on', 'at', 'for', 'and', 'then', 'first', 'after', 'before',
  'it', 'that', 'this', 'result', 'my', 'its', 'is', 'be', 'once', 'done', 'finish', 'start', 'continue', 'followed',
  'signal', 'signals', 'data', 'series', 'values', 'samples', 'readings', 'measurements', 'input', 'sequence', 'array',
  'arrays', 'x', 'y', 'two', 'both', 'compute', 'computing', 'return', 'returning', 'take', 'taking', 'find', 'finding',
  'get', 'give', 'apply', 'applying', 'please', 'value', 'each', 'points', 'point', 'window',
]);

/** "Smoothing" -> "smooth", "filters" -> "filter": enough stemming to meet a gerund or a plural. */
function stem(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length);
  }
  return word;
}

/** The telling words of an intent, stemmed, each once. */
export function intentWords(intent: string): string[] {
  const words = intent.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== '' && !FILLER.has(w) && !/^\d+$/.test(w));
  return [...new Set(words.map(stem))];
}

/** The closest `count` intents of `known` to `intent` that share a word with it, best first (ties: the pool's order). */
export function suggestIntents(intent: string, known: readonly string[], count = 3): string[] {
  const asked = new Set(intentWords(intent));
  if (asked.size === 0) return [];
  const own = intent.trim().toLowerCase();
  const scored = known.flatMap((candidate, order) => {
    if (candidate.toLowerCase() === own) return [];
    const words = intentWords(candidate);
    const shared = words.filter((w) => asked.has(w)).length;
    return shared === 0 ? [] : [{ candidate, order, score: shared / Math.sqrt(words.length * asked.size) }];
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, count).map((s) => s.candidate);
}

/**
 * After a run: none if it composed, else the closest known intents to its own, less the sentence
 * the refusal already offers as what the Planners read (it would stand twice).
 */
export function suggestionsAfter(run: { intent: string; code: string | null; reading: string | null }, known: readonly string[]): string[] {
  if (run.code !== null) return [];
  return suggestIntents(run.intent, run.reading === null ? known : known.filter((k) => k !== run.reading));
}
