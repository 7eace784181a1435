import type { CurrentUser } from '../../../contract/user.ts';

/**
 * Who may manage questions, their images and categories (docs/decisions/047): staff whose user
 * record carries CanCreateOpinions (the flag behind the New opinion button; admins listed in
 * ADMIN_EMAILS hold it too). Everyone, visitors included, reads questions and arguments.
 */
export function canManageQuestions(viewer: Pick<CurrentUser, 'CanCreateOpinions'>): boolean {
  return viewer.CanCreateOpinions;
}
