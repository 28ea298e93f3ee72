/** The error `fn` throws, so a test can look at its fields as well as its message; fails if none. */
export function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}
