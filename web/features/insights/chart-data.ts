import { noVotesMarker } from '../../../contract/constants.ts';
import { insightFields, opinionGroupLabel } from '../../../contract/insights.base.ts';
import { voteScale } from '../opinions/vote-scale.ts';
import { lazily } from '../../ui/lazily.ts';

/**
 * The insight screens' arithmetic, apart from their drawing (docs/decisions/053-insights-screens.md):
 * which items show before 'See more', a vote distribution as five stacked segments, and the groups'
 * map scaled into its frame.
 */

/** The first `initial` items until expanded, then all; and how many stay hidden. */
export function visibleItems<Item>(
  items: readonly Item[],
  initial: number,
  isExpanded: boolean,
): { shown: readonly Item[]; hiddenCount: number } {
  if (isExpanded || items.length <= initial) return { shown: items, hiddenCount: 0 };
  return { shown: items.slice(0, initial), hiddenCount: items.length - initial };
}

export type Segment = {
  /** The vote value, 1 (Strongly Agree) to 5 (Strongly Disagree). */
  value: number;
  label: string;
  /** The share as the server gave it, 0 for the no-votes marker 999. */
  percent: number;
  /** Where the segment starts and how wide it is, in percent of the bar (the five fill it). */
  start: number;
  width: number;
};

export type Distribution =
  | { kind: 'shown'; segments: Segment[] }
  /** Fewer voters than the smallest group shown (`null` from the server). */
  | { kind: 'withheld' }
  /** Every rating is the no-votes marker: nobody in the row has voted. */
  | { kind: 'empty' };

/**
 * Five percentages as stacked segments. `null` is a withheld row; 999 (no votes for that rating)
 * counts as 0, never as 999 %; shares that rounding left summing to 99 or 101 are scaled so the
 * segments fill the bar exactly, while each keeps the percentage the server gave as its label.
 */
export function toDistribution(percentages: readonly number[] | null): Distribution {
  if (percentages === null) return { kind: 'withheld' };
  if (percentages.length !== voteScale.length) {
    throw new Error(`A distribution needs ${voteScale.length} values, got ${percentages.length}`);
  }
  const shares = percentages.map((raw) =>
    raw === noVotesMarker || !Number.isFinite(raw) ? 0 : Math.max(0, Math.min(100, raw)),
  );
  const total = shares.reduce((sum, share) => sum + share, 0);
  if (total === 0) return { kind: 'empty' };
  let start = 0;
  const segments = voteScale.map((step, index) => {
    const percent = shares[index]!;
    const width = (percent / total) * 100;
    const segment = { value: step.value, label: step.label, percent, start, width };
    start += width;
    return segment;
  });
  return { kind: 'shown', segments };
}

/** Agree (1 and 2) and disagree (4 and 5) together, for a row's summary. */
export function agreementOf(segments: readonly Segment[]): { agree: number; disagree: number } {
  const sum = (values: number[]) =>
    segments
      .filter((segment) => values.includes(segment.value))
      .reduce((total, segment) => total + segment.percent, 0);
  return { agree: sum([1, 2]), disagree: sum([4, 5]) };
}

export type ChartRow = {
  key: string;
  label: string;
  /** How the line of withheld rows names this row, when not by its label. */
  shortLabel?: string;
  percentages: readonly number[] | null;
  /** The reader's own row (their answer, their group). */
  isMine?: boolean;
};

/**
 * The rows drawn as bars, and the withheld ones (too few voters), which a chart names in one line
 * under its bars rather than drawing a bar per answer nobody may see.
 */
export function splitWithheld<Row extends ChartRow>(
  rows: readonly Row[],
): { drawn: Row[]; withheld: Row[] } {
  return {
    drawn: rows.filter((row) => row.percentages !== null),
    withheld: rows.filter((row) => row.percentages === null),
  };
}

/** The figures beside a drawn row's label: '60% agree · 25% disagree'. */
export function rowFigures(row: ChartRow): string {
  const distribution = toDistribution(row.percentages);
  if (distribution.kind !== 'shown') return 'No votes';
  const { agree, disagree } = agreementOf(distribution.segments);
  return `${agree}% agree · ${disagree}% disagree`;
}

/**
 * Whether a row's label and its figures would overlap on one line of `width` pixels: an estimate
 * from the text lengths at the chart's sizes (13 px semi-bold labels, 12 px figures), with room
 * to spare rather than a measurement of each text.
 */
export function stacksFigures(row: ChartRow, width: number): boolean {
  const label = row.label.length + (row.isMine ? 6 : 0);
  return label * 7.6 + rowFigures(row).length * 6.6 + 16 > width;
}

/** One sentence per row for the chart's accessible name: '18–24: 60% agree, 25% disagree'. */
export function rowSummary(row: ChartRow, minGroupSize: number | null): string {
  const distribution = toDistribution(row.percentages);
  if (distribution.kind === 'withheld') return `${row.label}: ${withheldText(minGroupSize)}`;
  if (distribution.kind === 'empty') return `${row.label}: no votes`;
  const { agree, disagree } = agreementOf(distribution.segments);
  return `${row.label}: ${agree}% agree, ${disagree}% disagree`;
}

/** What a withheld row says instead of a zero. */
export function withheldText(minGroupSize: number | null): string {
  return minGroupSize === null ? 'Too few voters to show' : `Fewer than ${minGroupSize} voters`;
}

/** Percentages shown inside a segment only when it is wide enough to hold the figure. */
export const minLabelledSegment = 11;

export type MapPoint = { X: number; Y: number; Group: number };
export type PlacedPoint = { x: number; y: number; group: number; index: number };

/**
 * The voters' coordinates scaled into a frame of `width` × `height` with `padding` on each side,
 * the same scale on both axes (distances on the map mean the same across and up), centred; y grows
 * upwards as on a chart. A single point, or all points in one place, sit in the middle.
 */
export function placePoints(
  points: readonly MapPoint[],
  frame: { width: number; height: number; padding: number },
): PlacedPoint[] {
  if (points.length === 0) return [];
  const xs = points.map((point) => point.X);
  const ys = points.map((point) => point.Y);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const innerWidth = frame.width - 2 * frame.padding;
  const innerHeight = frame.height - 2 * frame.padding;
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale =
    spanX === 0 && spanY === 0
      ? 0
      : Math.min(
          spanX === 0 ? Infinity : innerWidth / spanX,
          spanY === 0 ? Infinity : innerHeight / spanY,
        );
  const centreX = frame.width / 2;
  const centreY = frame.height / 2;
  const midX = (minX + maxX) / 2;
  const midY = (minY + maxY) / 2;
  return points.map((point, index) => ({
    x: round2(centreX + (point.X - midX) * scale),
    y: round2(centreY - (point.Y - midY) * scale),
    group: point.Group,
    index,
  }));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A dot's size on the map: larger while there are few, so a small topic's map is legible. */
export function dotSizeFor(voters: number): number {
  if (voters <= 200) return 11;
  if (voters <= 2000) return 8;
  return 5;
}

/** Each group's mark: a shape as well as a colour, so that no group is told apart by colour alone. */
export const groupShapes = ['circle', 'square', 'triangle', 'diamond', 'cross'] as const;
export type GroupShape = (typeof groupShapes)[number];

/** The SVG path of one mark of `size` (its width) centred on (x, y). */
export function shapePath(shape: GroupShape, x: number, y: number, size: number): string {
  const r = size / 2;
  const f = (value: number) => round2(value);
  switch (shape) {
    case 'circle':
      return `M${f(x - r)} ${f(y)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z`;
    case 'square': {
      const s = r * 0.9;
      return `M${f(x - s)} ${f(y - s)}h${f(2 * s)}v${f(2 * s)}h${f(-2 * s)}Z`;
    }
    case 'triangle': {
      const h = r * 1.15;
      return `M${f(x)} ${f(y - h)}L${f(x + h)} ${f(y + h * 0.8)}L${f(x - h)} ${f(y + h * 0.8)}Z`;
    }
    case 'diamond': {
      const d = r * 1.2;
      return `M${f(x)} ${f(y - d)}L${f(x + d)} ${f(y)}L${f(x)} ${f(y + d)}L${f(x - d)} ${f(y)}Z`;
    }
    case 'cross': {
      const a = r * 1.1;
      const b = r * 0.4;
      return (
        `M${f(x - b)} ${f(y - a)}h${f(2 * b)}v${f(a - b)}h${f(a - b)}v${f(2 * b)}h${f(b - a)}` +
        `v${f(a - b)}h${f(-2 * b)}v${f(b - a)}h${f(b - a)}v${f(-2 * b)}h${f(a - b)}Z`
      );
    }
  }
}

/**
 * The groups in a stable order (by id) with their name and mark. Group ids are kept across
 * recomputes (docs/decisions/052-insights-and-stored-groups.md), and the name, colour and shape
 * follow the id, so a group looks the same on every screen and after every recompute.
 */
export function groupStyles<Group extends { ID: number }>(
  groups: readonly Group[],
): (Group & { name: string; shape: GroupShape; colourIndex: number })[] {
  return [...groups]
    .sort((a, b) => a.ID - b.ID)
    .map((group) => {
      const slot = ((group.ID % groupShapes.length) + groupShapes.length) % groupShapes.length;
      return {
        ...group,
        name: opinionGroupLabel(group.ID),
        shape: groupShapes[slot]!,
        colourIndex: slot,
      };
    });
}

/** The insight matrix's shape: per field, per answer, five percentages or null (withheld). */
export type Matrix = Partial<Record<string, Record<string, readonly number[] | null>>>;

export type FieldChart = { key: string; title: string; rows: ChartRow[] };

const regionNames = lazily(() => new Intl.DisplayNames(['en'], { type: 'region' }));

function nationalityLabel(code: string): string {
  try {
    return regionNames().of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/**
 * One chart per demographic field, in the contract's order, except that a field with at least one
 * answer to draw comes before a field whose every answer is withheld: 'See more' hides the rest,
 * and the one chart shown first should show something. A field's answers are its listed answers
 * in their order (an answer missing from the matrix counts as withheld); nationality lists the
 * countries the matrix holds, by name. A field with no answer at all is left out.
 */
export function matrixCharts(matrix: Matrix): FieldChart[] {
  const charts: FieldChart[] = [];
  for (const field of insightFields) {
    const answers = matrix[field.key];
    if (!answers) continue;
    const listed =
      field.key === 'nationality'
        ? Object.keys(answers)
            .map((code) => ({ value: code, label: nationalityLabel(code) }))
            .sort((a, b) => a.label.localeCompare(b.label))
        : field.answers;
    const rows = listed.map((answer) => ({
      key: answer.value,
      label: answer.label,
      percentages: answers[answer.value] ?? null,
    }));
    if (rows.length > 0) charts.push({ key: field.key, title: field.title, rows });
  }
  const hasData = (chart: FieldChart) => chart.rows.some((row) => row.percentages !== null);
  return [...charts.filter(hasData), ...charts.filter((chart) => !hasData(chart))];
}

export type GroupOnOpinionLike = {
  TopicSlug: string;
  TopicTitle: string;
  ID: number;
  Size: number;
  Percentages: readonly number[] | null;
  Mine: boolean;
};

/** The opinion's groups as one chart per topic, in the server's order; the member's group marked. */
export function groupCharts(
  groups: readonly GroupOnOpinionLike[],
): { slug: string; title: string; rows: ChartRow[] }[] {
  const byTopic = new Map<string, { slug: string; title: string; rows: ChartRow[] }>();
  for (const group of groups) {
    let topic = byTopic.get(group.TopicSlug);
    if (!topic) {
      topic = { slug: group.TopicSlug, title: group.TopicTitle, rows: [] };
      byTopic.set(group.TopicSlug, topic);
    }
    topic.rows.push({
      key: String(group.ID),
      shortLabel: opinionGroupLabel(group.ID),
      label: `${opinionGroupLabel(group.ID)} (${group.Size} ${group.Size === 1 ? 'person' : 'people'})`,
      percentages: group.Percentages,
      isMine: group.Mine,
    });
  }
  return [...byTopic.values()];
}

/** '82% of this group agree', or, for an opinion a group stands for by disagreeing, '… disagree'. */
export function stanceText(
  opinion: { Agree: number; Disagree: number; Direction: 'agree' | 'disagree' },
  who: string,
): string {
  return opinion.Direction === 'agree'
    ? `${opinion.Agree}% ${who} agree`
    : `${opinion.Disagree}% ${who} disagree`;
}

/** A consensus opinion's figure: the lowest share agreeing across the groups. */
export function consensusText(lowestAgree: number): string {
  if (lowestAgree >= 100) return 'Everyone in every group agrees';
  return `At least ${lowestAgree}% of every group agree`;
}

const shapeNames: Record<GroupShape, string> = {
  circle: 'circles',
  square: 'squares',
  triangle: 'triangles',
  diamond: 'diamonds',
  cross: 'crosses',
};

/** The map's accessible name: how many voters, each group's size and mark, and the reader's group. */
export function mapSummary(
  groups: readonly { ID: number; Size: number; name: string; shape: GroupShape }[],
  voters: number,
  myGroupId: number | null,
): string {
  const parts = groups.map(
    (group) =>
      `${group.name}, ${group.Size} ${group.Size === 1 ? 'person' : 'people'}, ${shapeNames[group.shape]}`,
  );
  const mine = groups.find((group) => group.ID === myGroupId);
  return (
    `Map of ${voters} ${voters === 1 ? 'voter' : 'voters'} in ${groups.length} opinion groups: ` +
    `${parts.join('; ')}.` +
    (mine ? ` You are in ${mine.name}, marked You.` : '')
  );
}
