// Installing the site as an app. Chromium-based browsers announce that a page can be
// installed with a `beforeinstallprompt` event; the app keeps it (preventDefault stops the
// browser's own mini-infobar) and offers an "Install the app" button that shows the browser's
// dialog. An event serves one dialog only. Other browsers install from their own menus and
// never send it, so the button never shows there.

/** The part of Chromium's BeforeInstallPromptEvent the app uses (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Where the events come from: `window`, or a stand-in in tests. */
export interface InstallTarget {
  addEventListener(type: 'beforeinstallprompt' | 'appinstalled', listener: (e: Event) => void): void;
  matchMedia(query: string): { matches: boolean };
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

export class InstallPrompt {
  #event = $state.raw<InstallPromptEvent | null>(null);
  #installed = $state(false);

  /** Whether the browser offered to install the site, and it is not installed yet. */
  get available(): boolean { return this.#event !== null && !this.#installed; }
  /** Installed in this visit, or running as the installed app now. */
  get installed(): boolean { return this.#installed; }

  start(target: InstallTarget): void {
    this.#installed = target.matchMedia('(display-mode: standalone)').matches;
    target.addEventListener('beforeinstallprompt', (e) => {
      e.preventDefault();
      this.#event = e as InstallPromptEvent;
    });
    target.addEventListener('appinstalled', () => {
      this.#installed = true;
      this.#event = null;
    });
  }

  /** Shows the browser's install dialog and reports what the visitor chose. */
  async install(): Promise<InstallOutcome> {
    const event = this.#event;
    if (!event) return 'unavailable';
    this.#event = null; // an event serves one dialog; the browser sends another if it may ask again
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') this.#installed = true;
    return outcome;
  }
}
