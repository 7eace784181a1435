import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Opinion } from '../../../../contract/entities.ts';
import { castVote } from '../../../../contract/opinions.base.ts';
import { callApi } from '../../../api/client.ts';
import { opinionQueryKey } from '../../opinions/api.ts';
import { quizQueryKey, type QuizData } from '../api.ts';
import type { LocalAnswer } from '../quiz-progress.ts';

/** One statement's saving: at most one vote on its way, and the newest answer waiting behind it. */
type Lane = { isSending: boolean; waiting: number | null };

/**
 * The answers given on the quiz page. An answer shows at once and is saved as an ordinary vote
 * (docs/decisions/041-quizzes-and-reports.md); each statement sends one vote at a time, so that
 * when a member changes an answer quickly the last one given is the one the server keeps. A
 * saved answer is written into the cached quiz, so a reload or a return shows it.
 */
export function useQuizAnswers(slug: string) {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<ReadonlyMap<number, LocalAnswer>>(() => new Map());
  const lanes = useRef(new Map<number, Lane>());

  const setAnswer = useCallback((opinionId: number, answer: LocalAnswer) => {
    setAnswers((current) => new Map(current).set(opinionId, answer));
  }, []);

  const send = useCallback(
    async (opinion: Opinion, rating: number, lane: Lane): Promise<void> => {
      lane.isSending = true;
      let savedRating: number | null = null;
      try {
        const answer = await callApi(castVote, { id: opinion.ArtifactID, rating });
        savedRating = answer.Rating;
        queryClient.setQueryData<QuizData>(quizQueryKey(slug), (data) =>
          data
            ? {
                ...data,
                Opinions: data.Opinions.map((item) =>
                  item.ArtifactID === opinion.ArtifactID
                    ? { ...item, Rating: answer.Rating }
                    : item,
                ),
              }
            : data,
        );
        void queryClient.invalidateQueries({
          queryKey: opinionQueryKey(opinion.Slug),
          refetchType: 'none',
        });
      } catch {
        // Shown as 'Couldn't save' with a retry; the member's choice stays on screen.
      }
      const waiting = lane.waiting;
      lane.waiting = null;
      // A newer answer came while this one travelled: it is the member's answer now.
      if (waiting !== null) return send(opinion, waiting, lane);
      lane.isSending = false;
      setAnswer(
        opinion.ArtifactID,
        savedRating === null
          ? { rating, status: 'failed' }
          : { rating: savedRating, status: 'saved' },
      );
    },
    [queryClient, setAnswer, slug],
  );

  /** Shows the answer and saves it. */
  const answer = useCallback(
    (opinion: Opinion, rating: number) => {
      setAnswer(opinion.ArtifactID, { rating, status: 'saving' });
      let lane = lanes.current.get(opinion.ArtifactID);
      if (!lane) {
        lane = { isSending: false, waiting: null };
        lanes.current.set(opinion.ArtifactID, lane);
      }
      if (lane.isSending) {
        lane.waiting = rating;
        return;
      }
      void send(opinion, rating, lane);
    },
    [send, setAnswer],
  );

  return { answers, answer };
}
