// Copying a share link, with the outcome the page reports: the Clipboard API can be missing
// (an insecure context) or refuse (no permission), and the visitor must be told either way.

export type CopyState = 'idle' | 'copied' | 'failed';

export async function copyText(text: string, clipboard?: () => Pick<Clipboard, 'writeText'> | undefined): Promise<CopyState> {
  try {
    const target = clipboard ? clipboard() : navigator.clipboard;
    if (!target) throw new Error('no clipboard');
    await target.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
