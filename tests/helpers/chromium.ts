// Debian's Chromium as the end-to-end tests and `organelle bench --browser` launch it:
// /usr/bin/chromium (never `playwright install`), headless, and with the background
// networking that this machine's closed network refuses switched off.
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
