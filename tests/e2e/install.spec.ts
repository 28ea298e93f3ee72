// Installing the site as an app, in a Chromium profile of its own (in the tests' usual
// incognito-like contexts Chromium never offers to install): Chromium finds nothing that
// stops the site being installed, offers it, and the footer's button opens its dialog. What
// the visitor then chooses is tests/web/install.svelte.spec.ts's business.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../helpers/chromium.ts';
import { guard, seriousViolations, test, expect } from './fixtures.ts';

test('Chromium finds the site installable, and the footer offers to install it', async ({ baseURL, problems }) => {
  const profile = await mkdtemp(join(tmpdir(), 'organelle-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, baseURL });
  try {
    guard(context, baseURL!, problems);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    const install = page.getByRole('button', { name: 'Install the app' });
    await expect(install).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const cdp = await context.newCDPSession(page);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await install.click();
    // the browser's dialog is up (headless, nobody answers it): the offer is spent
    await expect(install).toBeHidden();
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
