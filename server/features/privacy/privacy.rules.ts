/*
 * The small-group rule, once, for every aggregate over members that leaves the server
 * (docs/decisions/082-differentially-private-staff-figures.md): insights, opinion groups, the
 * movement of minds, report norms and every staff figure call these, and nothing else decides
 * what is withheld. Staff figures apply them to noisy counts (post-processing: it spends no
 * privacy budget); figures everyone sees apply them to exact counts.
 */

/**
 * Why an aggregate over `members` of `allMembers` is withheld, or null when it may be shown:
 * under `minimum` members, or when the members left out number 1 to `minimum` − 1 (the whole
 * minus the group would describe them).
 */
export function withholdingReason(
  members: number,
  allMembers: number,
  minimum: number,
): string | null {
  if (members < minimum) {
    return `Fewer than ${minimum} members match: figures about so few people are not shown`;
  }
  const outside = allMembers - members;
  if (outside > 0 && outside < minimum) {
    return `Fewer than ${minimum} members fall outside these filters: comparing with everyone would single them out`;
  }
  return null;
}

export const isWithheld = (members: number, allMembers: number, minimum: number) =>
  withholdingReason(members, allMembers, minimum) !== null;

/**
 * Of the parts of a whole of `total` voters (the answers of one field, or the groups of one
 * topic), those whose figures may be shown: a part is shown when it holds at least `minGroupSize`
 * voters and the rest of the whole is either empty or at least `minGroupSize` too; and the
 * voters in no shown part must be 0 or at least `minGroupSize`, else the smallest shown parts are
 * withheld too, until they are. So neither a part nor a difference of shown figures (the whole's
 * results minus the shown parts) is ever about 1 to `minGroupSize` − 1 people.
 */
export function shownParts<Key>(
  sizes: ReadonlyMap<Key, number>,
  total: number,
  minGroupSize: number,
): Set<Key> {
  const small = (count: number) => count > 0 && count < minGroupSize;
  const shown = [...sizes]
    .filter(([, size]) => size >= minGroupSize && !isWithheld(size, total, minGroupSize))
    .sort((a, b) => b[1] - a[1]);
  let rest = total - shown.reduce((sum, [, size]) => sum + size, 0);
  while (shown.length > 0 && small(rest)) {
    rest += shown.pop()![1];
  }
  return new Set(shown.map(([key]) => key));
}

/**
 * Whether a figure over `members` may be shown when nothing outside it is published beside it
 * (a report's community average over everyone who has the report): the group rule alone, as the
 * complement of everyone is nobody.
 */
export function mayShowWhole(members: number, minimum: number): boolean {
  return !isWithheld(members, members, minimum);
}
