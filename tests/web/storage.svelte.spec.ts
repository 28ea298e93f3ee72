// Storage status: the persistence answer and the estimate, and browsers without the API.
import { describe, expect, it, vi } from 'vitest';
import { StorageStatus } from '../../web/src/library/storage.svelte.ts';

describe('StorageStatus', () => {
  it('shows the estimate and the browser\'s answer to a persistence request', async () => {
    const persist = vi.fn(async () => true);
    const status = new StorageStatus({
      persisted: async () => false,
      persist,
      estimate: async () => ({ usage: 2048, quota: 1 << 30 }),
    });
    await status.refresh();
    expect([status.persisted, status.usage, status.quota, status.requested]).toEqual([false, 2048, 1 << 30, false]);
    const granted = await status.requestPersist();
    expect(granted).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
    expect(status.requested).toBe(true);
  });

  it('says nothing it does not know when the API is missing or fails', async () => {
    const none = new StorageStatus(undefined);
    await none.refresh();
    expect([none.persisted, none.usage, none.canPersist]).toEqual([null, null, false]);
    expect(await none.requestPersist()).toBeNull();
    const broken = new StorageStatus({ persist: async () => Promise.reject(new Error('no')), estimate: async () => Promise.reject(new Error('no')) });
    expect(await broken.requestPersist()).toBe(false);
    expect(broken.usage).toBeNull();
  });
});
