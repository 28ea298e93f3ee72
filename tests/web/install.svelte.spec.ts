// Installing the app (web/src/pwa/install.svelte.ts) with a stand-in for window: the offer
// is kept and the browser's own banner held back, one offer serves one dialog, the choice
// is reported, and an app already running installed offers nothing.
import { describe, expect, it } from 'vitest';
import { InstallPrompt, type InstallPromptEvent, type InstallTarget } from '../../web/src/pwa/install.svelte.ts';

function fakeWindow(standalone = false) {
  const listeners = new Map<string, (e: Event) => void>();
  const target: InstallTarget = {
    addEventListener: (type, listener) => listeners.set(type, listener),
    matchMedia: (query) => ({ matches: standalone && query === '(display-mode: standalone)' }),
  };
  const offer = (outcome: 'accepted' | 'dismissed') => {
    let prompted = 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void prompted++,
      userChoice: Promise.resolve({ outcome }),
    }) as InstallPromptEvent;
    listeners.get('beforeinstallprompt')!(event);
    return { event, prompted: () => prompted };
  };
  return { target, offer, installed: () => listeners.get('appinstalled')!(new Event('appinstalled')) };
}

describe('InstallPrompt', () => {
  it('keeps the offer, shows the dialog once, and counts an accepted install', async () => {
    const win = fakeWindow();
    const installer = new InstallPrompt();
    installer.start(win.target);
    expect(installer.available).toBe(false);
    expect(await installer.install()).toBe('unavailable');
    const { event, prompted } = win.offer('accepted');
    expect(event.defaultPrevented).toBe(true); // the browser's own banner stays away
    expect(installer.available).toBe(true);
    expect(await installer.install()).toBe('accepted');
    expect(prompted()).toBe(1);
    expect(installer.installed).toBe(true);
    expect(installer.available).toBe(false);
    expect(await installer.install()).toBe('unavailable'); // the offer is spent
  });

  it('reports a dismissed dialog and offers again when the browser does', async () => {
    const win = fakeWindow();
    const installer = new InstallPrompt();
    installer.start(win.target);
    win.offer('dismissed');
    expect(await installer.install()).toBe('dismissed');
    expect(installer.installed).toBe(false);
    expect(installer.available).toBe(false);
    win.offer('accepted');
    expect(installer.available).toBe(true);
  });

  it('knows an install made from the browser menu, and an app running installed', () => {
    const win = fakeWindow();
    const installer = new InstallPrompt();
    installer.start(win.target);
    win.offer('accepted');
    win.installed();
    expect(installer.installed).toBe(true);
    expect(installer.available).toBe(false);

    const app = new InstallPrompt();
    app.start(fakeWindow(true).target);
    expect(app.installed).toBe(true);
  });
});
