/**
 * The Elements Spectrum's dual-range sliders (docs/decisions/056-staff-analytics-screens.md): a
 * score range per element on 0–100, whose start stays at least 1 below its end. Only ranges other
 * than the whole scale are filters.
 */

export const scaleMin = 0;
export const scaleMax = 100;

export type ScoreRange = readonly [start: number, end: number];

export const fullRange: ScoreRange = [scaleMin, scaleMax];

/** Whether a range filters anything: the whole scale (0 to 100) does not. */
export function isDefaultRange([start, end]: ScoreRange): boolean {
  return start <= scaleMin && end >= scaleMax;
}

function clampToScale(value: number): number {
  if (!Number.isFinite(value)) return scaleMin;
  return Math.min(scaleMax, Math.max(scaleMin, Math.round(value)));
}

/**
 * The range after one thumb moved to `value`: the moved thumb keeps at least 1 from the other,
 * which is nudged along when there is no room (a start dragged onto the end pushes the end up,
 * and at the scale's top stops 1 below it).
 */
export function moveThumb(range: ScoreRange, thumb: 'start' | 'end', value: number): ScoreRange {
  const [start, end] = range;
  const next = clampToScale(value);
  if (thumb === 'start') {
    const newStart = Math.min(next, scaleMax - 1);
    return [newStart, Math.max(end, newStart + 1)];
  }
  const newEnd = Math.max(next, scaleMin + 1);
  return [Math.min(start, newEnd - 1), newEnd];
}
