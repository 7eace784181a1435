/**
 * The kind of the job that checks a member's milestones. Its own module, with no imports: the
 * vote's database function is written with this name (server/db/functions/index.ts), and the
 * database layer must not load the milestones service, which loads the database layer.
 */
export const checkMilestonesJobKind = 'check-milestones';
