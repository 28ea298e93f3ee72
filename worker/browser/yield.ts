// A macrotask boundary without timers: a message through a fresh MessageChannel. Between
// training slices it lets the worker handle the page's pause / resume / cancel messages,
// and unlike setTimeout it is not clamped or throttled when the tab is in the background.
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
