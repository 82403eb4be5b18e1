export { startSync, SYNCED_TABLES, type SyncEngine, type SyncOptions, type SyncStatus, type SyncPhase, type MergeNotice, type Checkpoint } from './engine.ts'
export { browserConnectivity, manualConnectivity, type Connectivity } from './connectivity.ts'
export { conflictHandlerFor, mergeDocument, sameDocument, type MergeResult } from './merge.ts'
export type { SyncError, SyncErrorCode } from './errors.ts'
