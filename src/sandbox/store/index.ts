// The sandbox's store with --data: a snapshot plus a journal of what changed since, written by group commit, and the
// tracking view that tells it what changed (the parts live in store/). This module is its front door.

export { type LoadedStore, loadState, loadStore, saveState } from './dataFolder';
export { DurableStore, type StoreOptions, type StoreState } from './durableStore';
export { NODE_FILE_SYSTEM, type StoreFile, type StoreFileSystem } from './storeFileSystem';
export { type StateListener, TrackedState } from './trackedState';
export { detach, StateTracker, type Unit, untracked } from './tracking';
export { StoreWriteError } from './writeFailure';
