// The sandbox's store with --data: a snapshot plus a journal of what changed since, written by group commit, and the
// tracking view that tells it what changed (the parts live in store/). This module is its front door.

export { writeFileDurably } from './durableFile';
export {
  DurableStore,
  type LoadedStore,
  loadState,
  loadStore,
  type StoreOptions,
  saveState,
} from './durableStore';
export { processIsRunning, removeStaleTemporaries } from './snapshot';
export { type StateListener, TrackedState } from './trackedState';
export { detach, StateTracker, type Unit, untracked } from './tracking';
