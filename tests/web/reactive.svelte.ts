// A deeply reactive object for tests written without runes: props given to mount() this way
// update the component when the test assigns to them.
export function reactive<T extends object>(value: T): T {
  const state = $state(value);
  return state;
}
