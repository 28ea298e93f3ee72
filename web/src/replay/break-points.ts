// Where a kanban item may wrap: after the marks that join its parts ("rolling_", "mean+",
// "diff_", "wiring(", "a,"), never inside a word, so a narrow column shows
// "wiring(rolling_ mean+diff_ forward)" rather than "rolling_ / mean+diff_for / ward".

/** `item` cut after each `_ + ( , | =` : the pieces a line may break between, which joined give it back. */
export function breakPoints(item: string): string[] {
  return item.match(/[^_+(,|=]+[_+(,|=]*|[_+(,|=]+/g) ?? [item];
}
