import { describe, expect, it } from 'vitest';
import { plantCamps } from './opinion-groups.synthetic.ts';
import { computeOpinionGroupsOf } from './opinion-groups.thread.ts';
import { computeOpinionGroups, fromFivePoint } from './opinion-groups.ts';

/** A planted topic as the database gives it: numeric ids, ratings 1–5 (−1, 0, +1 → 5, 3, 1). */
function topicVotes(voters: number, statements: number) {
  const topic = plantCamps({ voters, statements, camps: 3, missing: 0.3, noise: 0.2, seed: 7 });
  return topic.votes.map((vote) => ({
    userId: Number(vote.voter.slice(1)),
    opinionId: Number(vote.statement.slice(1)),
    rating: 3 - 2 * vote.vote,
  }));
}

describe('opinion groups on their own thread', () => {
  it('finds the groups computeOpinionGroups finds on the same votes', async () => {
    const votes = topicVotes(300, 30);
    const previous = [{ id: 4, voters: votes.slice(0, 40).map((vote) => String(vote.userId)) }];
    const options = { minGroupSize: 10, previous };
    const inline = computeOpinionGroups(
      votes.map((vote) => ({
        voter: String(vote.userId),
        statement: String(vote.opinionId),
        vote: fromFivePoint(vote.rating as 1 | 2 | 3 | 4 | 5),
      })),
      options,
    );
    expect(inline).not.toBeNull();
    expect(await computeOpinionGroupsOf(votes, options)).toEqual(inline);
    expect(await computeOpinionGroupsOf(votes, options, 'here')).toEqual(inline);
  });

  it('leaves the event loop free while it computes, and takes groupings one after another', async () => {
    const votes = topicVotes(3000, 40);
    let turns = 0;
    let isComputing = true;
    const countTurns = () => {
      turns += 1;
      if (isComputing) setTimeout(countTurns, 0);
    };
    setTimeout(countTurns, 0);
    const [first, second] = await Promise.all([
      computeOpinionGroupsOf(votes, {}),
      computeOpinionGroupsOf(votes.slice(0, 2000), {}),
    ]);
    isComputing = false;
    // On the request thread the maths would hold every timer until it ended: a turn or two at most.
    expect(turns).toBeGreaterThan(20);
    expect(first?.voters).toHaveLength(3000);
    expect(second?.voters.length).toBeLessThan(3000);
  });

  it('fails a grouping it cannot compute, and computes the next', async () => {
    const votes = topicVotes(300, 30);
    // A previous grouping that is not a list makes computeOpinionGroups throw (`map` of a string).
    const broken = { previous: 'not a list' as unknown as [] };
    await expect(computeOpinionGroupsOf(votes, broken)).rejects.toThrow(/Grouping failed/);
    expect(await computeOpinionGroupsOf(votes, {})).not.toBeNull();
  });
});
