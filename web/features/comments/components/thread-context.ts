import { createContext, useContext } from 'react';
import type { Session } from '../../session/session.ts';

/*
 * What a comment thread tells the comments inside it, at any depth. Its own module, below both
 * CommentThread (which provides it) and CommentItem (which reads it), so neither imports the other
 * for it.
 */

export type ThreadContextValue = {
  threadID: string;
  /** Arguments on an opinion need a side; suggestions do not. */
  kind: 'arguments' | 'suggestions';
  session: Session;
  /** The comment a `#comment-{id}` hash links to, if any. */
  linkedId: number | null;
  /**
   * The time comments' ages are told from ('3 minutes ago'): when the thread was fetched, which
   * the server's render and the browser's hydration agree on.
   */
  now: number;
  /** Replies start open when the URL hash starts with #comment- (docs/product/behaviour.md). */
  hasCommentHash: boolean;
  /** Visitors who try to write, reply, like or report are asked to sign up. */
  promptSignup: (reason: string) => void;
  /** Links to a comment (the hash), which scrolls to it and highlights it: after posting it. */
  showComment: (commentID: number) => void;
};

export const ThreadContext = createContext<ThreadContextValue | null>(null);

export function useThreadContext(): ThreadContextValue {
  const value = useContext(ThreadContext);
  if (!value) throw new Error('useThreadContext() needs a <CommentThread> above it');
  return value;
}
