import { describe, expect, it } from 'vitest';
import { readDate } from './parse-date.ts';

describe('reading a date strictly', () => {
  it('reads what the generators and exports write, applying the offset (none: UTC)', () => {
    expect(readDate('2021-03-14 16:00:00 +0100')).toEqual({ iso: '2021-03-14T15:00:00.000Z' });
    expect(readDate('2023-05-01T08:00:00+02:00')).toEqual({ iso: '2023-05-01T06:00:00.000Z' });
    expect(readDate('2018-05-01')).toEqual({ iso: '2018-05-01T00:00:00.000Z' });
    expect(readDate('2022/7/8')).toEqual({ iso: '2022-07-08T00:00:00.000Z' });
    expect(readDate('Jul 08 2022')).toEqual({ iso: '2022-07-08T00:00:00.000Z' });
    expect(readDate('8 July 2022')).toEqual({ iso: '2022-07-08T00:00:00.000Z' });
    expect(readDate('July 8th, 2022 3:30 pm')).toEqual({ iso: '2022-07-08T15:30:00.000Z' });
    expect(readDate('Fri, 08 Jul 2022 10:00:00 +0000')).toEqual({ iso: '2022-07-08T10:00:00.000Z' });
    expect(readDate('25/12/2020')).toEqual({ iso: '2020-12-25T00:00:00.000Z' });
    expect(readDate('12/25/2020')).toEqual({ iso: '2020-12-25T00:00:00.000Z' });
    expect(readDate('2024-02-29')).toEqual({ iso: '2024-02-29T00:00:00.000Z' });
  });

  it('says why instead of guessing: impossible days, ambiguous orders, bare years and numbers', () => {
    expect(readDate('2021-02-30')).toEqual({ problem: 'The date "2021-02-30" is not a day of the calendar' });
    expect(readDate('2023-02-29')).toEqual({ problem: 'The date "2023-02-29" is not a day of the calendar' });
    expect(readDate('2021-13-01')).toEqual({ problem: 'The date "2021-13-01" is not a day of the calendar' });
    expect(readDate('2021-01-01 25:00')).toEqual({ problem: 'The time in "2021-01-01 25:00" is not a time of day' });
    expect(readDate('03/04/2022')).toEqual({ problem: 'The date "03/04/2022" could be 4 March or 3 April' });
    expect(readDate('2019')).toEqual({ problem: 'The date "2019" is only a year' });
    expect(readDate(2019)).toEqual({ problem: 'The date "2019" is a number, not a date' });
    expect(readDate('1546300800')).toEqual({ problem: 'The date "1546300800" is a number, not a date' });
    expect(readDate('01/02/03')).toEqual({ problem: 'The date "01/02/03" has a two-digit year' });
    expect(readDate('soon')).toEqual({ problem: 'The date "soon" could not be read' });
    expect(readDate(['2020-01-01'])).toEqual({ problem: 'The date is not written as a date' });
  });

  it('finds nothing where nothing is written', () => {
    expect(readDate(undefined)).toBeUndefined();
    expect(readDate(null)).toBeUndefined();
    expect(readDate('')).toBeUndefined();
  });
});
