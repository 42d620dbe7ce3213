import { describe, expect, it } from 'vitest';
import { inKeyOrder } from './periodic-flush.server';

async function all<V>(slices: AsyncGenerator<[string, V][]>): Promise<[string, V][][]> {
  const taken: [string, V][][] = [];
  for await (const slice of slices) taken.push(slice);
  return taken;
}

const shuffled = (count: number) =>
  Array.from({ length: count }, (_, i) => `share-${((i * 7919) % count).toString(36)}`).sort(() => Math.random() - 0.5);

describe('inKeyOrder', () => {
  it('gives every entry once, in the order of the keys, a slice of at most `size` at a time', async () => {
    for (const count of [1, 49, 50, 1_234, 40_000]) {
      const keys = shuffled(count);
      const map = new Map(keys.map((key, i) => [key, i]));
      const slices = await all(inKeyOrder(map, 50));
      expect(slices.every((slice) => slice.length > 0 && slice.length <= 50)).toBe(true);
      expect(slices.slice(0, -1).every((slice) => slice.length === 50)).toBe(true);
      const flat = slices.flat();
      expect(flat.map(([key]) => key)).toEqual([...keys].sort());
      expect(flat.every(([key, value]) => map.get(key) === value)).toBe(true);
    }
  });

  it('reads a value when its slice is made, and leaves out a key deleted by then', async () => {
    const map = new Map(shuffled(200).map((key) => [key, 1]));
    const [first, last] = [...map.keys()].sort().filter((_, i, sorted) => i === 120 || i === sorted.length - 1);
    const slices = inKeyOrder(map, 50);
    const taken = (await slices.next()).value as [string, number][];
    expect(taken).toHaveLength(50);
    map.set(first!, 5);
    map.delete(last!);
    const rest = (await all(slices)).flat();
    expect(rest).toContainEqual([first, 5]);
    expect(rest.some(([key]) => key === last)).toBe(false);
    expect(taken.length + rest.length).toBe(199);
  });

  it('gives the event loop a turn before each slice', async () => {
    const map = new Map(shuffled(500).map((key) => [key, 1]));
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    let slices = 0;
    for await (const slice of inKeyOrder(map, 50)) slices += slice.length > 0 ? 1 : 0;
    counting = false;
    expect(slices).toBe(10);
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
