import { useSyncExternalStore } from 'react';
import type { SentPaste } from './offline-queue';

/** docs/product/spec.md §4 "Service worker" states, and "unsupported" where there is no worker at all. */
export type WorkerState = 'unknown' | 'installing' | 'waiting' | 'active' | 'redundant' | 'unsupported';

export interface PwaState {
  online: boolean;
  worker: WorkerState;
  /** A new version waits for the user to accept it. */
  updateWaiting: boolean;
  /** The browser offered installation (beforeinstallprompt) and it has not been used. */
  installable: boolean;
  /** Running as the installed app (standalone display mode). */
  installed: boolean;
  notification: NotificationPermission | 'unsupported';
  /** Calls waiting in the offline queue. */
  queued: number;
  /** The last replay of the queue, until its toast has been shown. */
  lastSync: { replayed: number; refused: number; waiting: number; sent: SentPaste[] } | null;
  /** Pastes sent from the queue, until dismissed. */
  sent: SentPaste[];
}

/** What the server renders and the first client render repeats: nothing known yet. */
const INITIAL: PwaState = {
  online: true,
  worker: 'unknown',
  updateWaiting: false,
  installable: false,
  installed: false,
  notification: 'default',
  queued: 0,
  lastSync: null,
  sent: [],
};

let state = INITIAL;
const listeners = new Set<() => void>();

/** Merges a change in and tells the subscribed components. */
export function setPwaState(change: Partial<PwaState>): void {
  const next = { ...state, ...change };
  if (Object.entries(change).every(([key, value]) => state[key as keyof PwaState] === value)) return;
  state = next;
  for (const listener of listeners) listener();
}

export function getPwaState(): PwaState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The PWA state in a component; the server (and hydration) see the initial state. */
export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, getPwaState, () => INITIAL);
}
