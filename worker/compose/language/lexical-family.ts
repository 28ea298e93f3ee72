// A family of the Compose lexicon: words that may stand for one another in a phrase of the
// Planner's corpus (language/respell.ts). corpus/lexicon/build.ts makes them from WordNet and the
// curated families into lexicon.ts; this is their one definition, for both.

/** Where a family's members sit in a phrase, and so how they are inflected. */
export type Slot =
  | 'verb' //         an imperative opening a phrase, with its gerund ("compute" / "computing")
  | 'superlative' //  an adjective's superlative ("largest"), from its base form
  | 'noun' //         a noun as written ("average")
  | 'plural' //       a noun's plural ("values"), from its singular
  | 'adjective'; //   an adjective as written ("cumulative")

export interface LexicalFamily {
  id: string;
  slot: Slot;
  /** Each member as a phrase writes it; a verb's as "verb/gerund". */
  members: readonly string[];
  /** Which members came from WordNet (by synset), and which were added by hand. */
  from: { wordnet: readonly string[]; hand: readonly string[] };
}
