/**
 * Karma rewards contribution (docs/decisions/006-karma.md): each live comment, each good point
 * other members give one's comments and, above all, each mind one's argument changed
 * (docs/decisions/077-minds-changed.md).
 */
export const karmaPerComment = 2;
export const karmaPerGoodPointReceived = 5;
export const karmaPerMindChanged = 10;

/** Every amount, as the recompute and the drift check take them. */
export const karmaAmounts = {
  perComment: karmaPerComment,
  perGoodPoint: karmaPerGoodPointReceived,
  perMindChanged: karmaPerMindChanged,
};
