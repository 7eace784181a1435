import type { CurrentUser } from '../../../contract/user.ts';

/**
 * Who may do what with an opinion, as pure functions of the member's capabilities (toCurrentUser)
 * and the opinion: the service reads both and acts on the answer (docs/decisions/043).
 */
type Capabilities = Pick<CurrentUser, 'CanDeleteContent' | 'CanCreateOpinions' | 'Role'>;

/**
 * A deleted opinion is gone for everyone except members who may delete content: they still see
 * it, marked Deleted, so that they can restore it.
 */
export function canSeeOpinion(
  opinion: { deleted: boolean },
  viewer: Pick<Capabilities, 'CanDeleteContent'>,
): boolean {
  return !opinion.deleted || viewer.CanDeleteContent;
}

/**
 * On what grounds a member may edit an opinion (docs/decisions/015-opinion-authoring.md):
 * 'editor' (CanDeleteContent, or the domain role contributor or admin) always; 'author' (its
 * author, while allowed to create opinions) only while nobody else has voted on it, which the
 * caller checks, since a reworded statement would change what earlier votes meant; else 'none'.
 */
export function editRight(
  opinion: { authorId: number | null },
  editor: { id: number; capabilities: Capabilities },
): 'editor' | 'author' | 'none' {
  const { capabilities } = editor;
  if (capabilities.CanDeleteContent || capabilities.Role !== '') return 'editor';
  if (opinion.authorId === editor.id && capabilities.CanCreateOpinions) return 'author';
  return 'none';
}
