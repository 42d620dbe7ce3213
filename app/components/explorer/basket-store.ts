import { localList } from './local-list';

/** One file or folder in the download basket (docs/product/spec.md §4 basket file states). */
export interface BasketItem {
  path: string;
  name: string;
  isDirectory: boolean;
  /** Bytes of a file; 0 for a folder (its size is known only when packed). */
  size: number;
}

/** A basket holds at most this many items (a zip request takes 10,000 paths). */
const MAX_ITEMS = 10_000;

const basket = localList<BasketItem>('cloudclip:basket', MAX_ITEMS);

/** The basket of this browser: its items and the ways to change it. */
export function useBasket() {
  const items = basket.use();
  return {
    items,
    has: (path: string) => items.some((i) => i.path === path),
    add: (added: BasketItem[]) => {
      const current = basket.read();
      const known = new Set(current.map((i) => i.path));
      basket.write([...current, ...added.filter((i) => !known.has(i.path))]);
    },
    remove: (path: string) => basket.write(basket.read().filter((i) => i.path !== path)),
    clear: () => basket.write([]),
  };
}
