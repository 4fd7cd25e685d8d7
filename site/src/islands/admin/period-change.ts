/**
 * How a figure moved against the previous period, in words and in per cent (issue 47 #13): "up
 * 12%", "down 5%", "no change", and "new" when there was nothing before (no per cent of nothing).
 */
export function periodChange(now: number, before: number): { percent: number | null; words: string } {
  if (before === 0) return { percent: null, words: now === 0 ? 'no change on the previous period' : 'new: none in the previous period' };
  const percent = Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
  if (percent === 0) return { percent: 0, words: 'no change on the previous period' };
  return { percent, words: `${percent > 0 ? 'up' : 'down'} ${Math.abs(percent).toLocaleString('en-US')}% on the previous period` };
}
