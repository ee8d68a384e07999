import { afterEach, describe, expect, it } from 'vitest';
import { putSaved } from './put-saved.ts';
import { heldQuery, tick } from '../../../tests/setup/held-query.ts';

// A save's answer written into the cache while a load of the same entry, begun before the save was
// stored, is still under way (e.g. the edit screen refreshing a stale Mika as its switch is flipped).

type Detail = { uuid: string; is_public: number; logo: string | null };
const key = ['assistants', 'detail', 'mika-1'] as const;
const cache = () => heldQuery<Detail>(key);

let stop = () => undefined as void;
afterEach(() => stop());

describe('putSaved', () => {
  const before: Detail = { uuid: 'mika-1', is_public: 0, logo: null };

  it('keeps the saved state when a load from before the save lands afterwards', async () => {
    const c = cache();
    stop = c.stop;
    c.loads[0]!(before);
    await tick();
    c.load(); // a refresh under way, with the old state
    await putSaved<Detail>(c.client, key, { ...before, is_public: 1 });
    c.loads[1]!(before);
    await tick();
    expect(c.data()).toEqual({ ...before, is_public: 1 });
  });

  it('applies an update to what the cache holds', async () => {
    const c = cache();
    stop = c.stop;
    c.loads[0]!(before);
    await tick();
    await putSaved<Detail>(c.client, key, (old) => (old ? { ...old, logo: '/storage/logos/a.png' } : old));
    expect(c.data()).toEqual({ ...before, logo: '/storage/logos/a.png' });
  });
});
