import { describe, expect, it } from 'vitest';
import { canReloadNow, registerReloadBlocker, reloadBlockReasons } from './reload-guard.js';

describe('reload guard', () => {
  it('blocks while any blocker has a reason, and frees once removed', () => {
    expect(canReloadNow()).toBe(true);
    let pending = 2;
    const remove = registerReloadBlocker(() => (pending > 0 ? `${pending} changes are not synced yet.` : null));
    expect(canReloadNow()).toBe(false);
    expect(reloadBlockReasons()).toEqual(['2 changes are not synced yet.']);
    pending = 0;
    expect(canReloadNow()).toBe(true);
    pending = 1;
    remove();
    expect(canReloadNow()).toBe(true);
  });
});
