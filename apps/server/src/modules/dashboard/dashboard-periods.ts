import { addDays, daysBetween } from '../statistic/index.ts';

export type DayRange = { from: string; to: string };
export type DashboardPeriods = {
  today: DayRange;
  yesterday: DayRange;
  dayBefore: DayRange;
  month: DayRange;
  monthBefore: DayRange;
  last30: DayRange;
};

/**
 * The dashboard's periods around `today` (a day in the partner time zone). Today and yesterday compare with the day
 * before each. This month to date compares with the
 * same days of last month (1st to the same day number, cut at that month's end): the 30 days before the 1st would
 * straddle two months and say nothing about "last month".
 */
export const dashboardPeriods = (today: string): DashboardPeriods => {
  const yesterday = addDays(today, -1);
  const dayBefore = addDays(today, -2);
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
  const sameDay = addDays(lastMonthStart, daysBetween(monthStart, today) - 1);
  return {
    today: { from: today, to: today },
    yesterday: { from: yesterday, to: yesterday },
    dayBefore: { from: dayBefore, to: dayBefore },
    month: { from: monthStart, to: today },
    monthBefore: { from: lastMonthStart, to: sameDay < lastMonthEnd ? sameDay : lastMonthEnd },
    last30: { from: addDays(today, -29), to: today },
  };
};
