/** A date as read: the instant, or why it is not one. */
export type ReadDate = { iso: string } | { problem: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const TIME = String.raw`(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(am|pm)?)?`;
const ZONE = String.raw`\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?`;
const WEEKDAY = String.raw`(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?`;
const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;

const ISO = new RegExp(String.raw`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})${TIME}${ZONE}$`, 'i');
const NAMED_DAY_FIRST = new RegExp(String.raw`^${WEEKDAY}(\d{1,2})(?:st|nd|rd|th)?\s+${MONTH},?\s+(\d{4}),?${TIME}${ZONE}$`, 'i');
const NAMED_MONTH_FIRST = new RegExp(String.raw`^${WEEKDAY}${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4}),?${TIME}${ZONE}$`, 'i');
const NUMERIC = new RegExp(String.raw`^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})${TIME}${ZONE}$`, 'i');

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The instant of a calendar date and time, or why they are not one (never rolled over into the next month). */
function instant(text: string, y: number, mo: number, d: number, time: (string | undefined)[], zone: string | undefined): ReadDate {
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return { problem: `The date "${text}" is not a day of the calendar` };
  const [hour = 0, mi = 0, s = 0] = time.slice(0, 3).map((t) => (t === undefined ? 0 : Number(t)));
  let h = hour;
  const fraction = time[3] ? `.${time[3].slice(0, 3).padEnd(3, '0')}` : '';
  const meridiem = time[4]?.toLowerCase();
  if (meridiem && (h < 1 || h > 12)) return { problem: `The time in "${text}" is not a time of day` };
  if (meridiem) h = (h % 12) + (meridiem === 'pm' ? 12 : 0);
  if (h > 23 || mi > 59 || s > 59) return { problem: `The time in "${text}" is not a time of day` };
  let offset = 'Z';
  if (zone && !/^(z|utc|gmt)$/i.test(zone)) {
    const [, sign, oh, om = '00'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    if (Number(oh) > 14 || Number(om) > 59) return { problem: `The time zone in "${text}" is not one` };
    offset = `${sign}${oh}:${om}`;
  }
  return { iso: new Date(`${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}${fraction}${offset}`).toISOString() };
}

const monthIndex = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/**
 * A date a person or a generator wrote, read strictly (DESIGN §7.19, issue 40): ISO 8601 and
 * what Jekyll, Hugo and WordPress write ("2019-01-01 12:00:00 -0500"), RFC 2822 ("Fri, 08 Jul
 * 2022 10:00:00 +0000"), month names ("Jul 08 2022", "8 July 2022", "July 8, 2022") and
 * day/month/year where only one reading is possible. A time without a zone is UTC. An impossible
 * day, an ambiguous order ("03/04/2022"), a bare year or a number is a problem, never a guess: not
 * 1970, not 2 March for 30 February. Nothing written → undefined.
 */
export function readDate(value: unknown): ReadDate | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { problem: 'The date could not be read' } : { iso: value.toISOString() };
  if (typeof value === 'number') return { problem: `The date "${value}" is a number, not a date` };
  if (typeof value !== 'string') return { problem: 'The date is not written as a date' };
  const text = value.trim();
  if (/^\d{4}$/.test(text)) return { problem: `The date "${text}" is only a year` };
  if (/^\d+$/.test(text)) return { problem: `The date "${text}" is a number, not a date` };
  let m = ISO.exec(text);
  if (m) return instant(text, Number(m[1]), Number(m[2]), Number(m[3]), m.slice(4, 9), m[9]);
  m = NAMED_DAY_FIRST.exec(text);
  if (m) return instant(text, Number(m[3]), monthIndex(m[2]!), Number(m[1]), m.slice(4, 9), m[9]);
  m = NAMED_MONTH_FIRST.exec(text);
  if (m) return instant(text, Number(m[3]), monthIndex(m[1]!), Number(m[2]), m.slice(4, 9), m[9]);
  m = NUMERIC.exec(text);
  if (m) {
    if (m[3]!.length === 2) return { problem: `The date "${text}" has a two-digit year` };
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a <= 12 && b <= 12 && a !== b) return { problem: `The date "${text}" could be ${b} ${MONTH_NAMES[a - 1]} or ${a} ${MONTH_NAMES[b - 1]}` };
    const [day, month] = a > 12 ? [a, b] : b > 12 ? [b, a] : [a, b];
    return instant(text, Number(m[3]), month, day, m.slice(4, 9), m[9]);
  }
  return { problem: `The date "${text}" could not be read` };
}

/** A date as an ISO instant, or undefined when there is none or it cannot be read (for dates the exports write themselves). */
export function toIsoDate(value: unknown): string | undefined {
  const read = readDate(value);
  return read && 'iso' in read ? read.iso : undefined;
}

/**
 * An export's date for an article (Ghost, WordPress): the instant; undefined when none is written;
 * null when what is written is not a date (30 February, month 13, unreadable), with a warning: the
 * article needs a date and comes in unpublished — never dated the day of the import (issue 49 #6).
 */
export function articleDate(value: unknown, warnings: string[]): string | null | undefined {
  const read = readDate(value);
  if (!read) return undefined;
  if ('iso' in read) return read.iso;
  warnings.push(needsDateWarning(read.problem));
  return null;
}

/** What the preview and the report say of an article whose date is not one. */
export const needsDateWarning = (problem: string) => `${problem}: the article needs a date, so it is imported unpublished`;
