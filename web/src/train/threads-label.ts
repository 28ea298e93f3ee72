// What a job card says of a run's threads: its share of the cores, how many trained its latest
// step when one thread was faster on this device just then (worker/thread-governor.ts), or
// why it has one thread only.

export interface ThreadsLabel {
  text: string;
  title: string;
}

/** `share`: the threads the run was given; `inUse`: those that trained its latest step, while it trains. */
export function threadsLabel(share: number, inUse: number | undefined, oneThreadBecause: string | undefined): ThreadsLabel {
  if (oneThreadBecause) return { text: String(share), title: `One thread: ${oneThreadBecause}` };
  if (inUse !== undefined && inUse < share) {
    return {
      text: `${inUse} of ${share}`,
      title: `One thread trains faster than ${share} on this device just now (other work is using its cores); the run tries them all again from time to time`,
    };
  }
  return { text: String(share), title: 'Threads sharing this one model: its share of the cores, which grows when other runs finish' };
}
