import { useState } from 'react';
import type { Opinion, VoteResults } from '../../../../contract/entities.ts';
import type { castVote } from '../../../../contract/opinions.ts';
import type { ResponseOf } from '../../../../contract/calls.ts';
import { useCastVote } from '../api.ts';
import { VoteWidget } from './VoteWidget.tsx';

type VoteAnswer = ResponseOf<typeof castVote>;

type OpinionVoteProps = {
  opinion: Opinion;
  /** The results known before this widget voted: the opinion page's, or null in a feed card. */
  results: VoteResults | null;
  size?: 'regular' | 'compact';
};

/**
 * An opinion's vote widget wired to the vote call: the opinion page's card and every feed card
 * use this one (docs/decisions/039). The vote's answer is shown the moment the call returns;
 * the cached page or feed it also rewrites reaches the component a tick later, and once the
 * `results` given change, they are the truth again.
 */
export function OpinionVote({ opinion, results, size = 'regular' }: OpinionVoteProps) {
  const castVote = useCastVote(opinion);
  const [answered, setAnswered] = useState<{
    answer: VoteAnswer;
    basis: VoteResults | null;
  } | null>(null);
  const answer = answered && answered.basis === results ? answered.answer : null;

  async function handleVote(rating: number) {
    const next = await castVote.mutateAsync(rating);
    setAnswered({ answer: next, basis: results });
  }

  return (
    <VoteWidget
      title={opinion.Title}
      rating={answer?.Rating ?? opinion.Rating}
      results={answer?.Results ?? results}
      onVote={handleVote}
      size={size}
    />
  );
}
