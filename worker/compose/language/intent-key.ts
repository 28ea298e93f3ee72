// How an intent is compared with another when a corpus must not hold it: as the Planner reads it
// (lower case, single spaces: prompts.ts plannerPrompt), end punctuation aside. The Planner's
// prompt lower-cases a noisy 'Sum signal', so the raw text alone let it through beside the
// validation set's 'sum signal'.
export function intentKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim().replace(/[\s.!?,;:]+$/, '');
}
