import type { Migration } from 'kysely/migration';
import * as createCore from './20261121T1400-create-core.ts';
import * as createInstrumentItems from './20261121T1500-create-instrument-items.ts';

/**
 * Every migration, in order. Listed by hand (not read from the folder) so that the same list
 * runs under Node, Vitest and any bundler. Never edit a migration after it lands: add one.
 */
export const migrations: Record<string, Migration> = {
  '20261121T1400-create-core': createCore,
  '20261121T1500-create-instrument-items': createInstrumentItems,
};
