// How much sandbox time passes, read from what a person types ("2 days", "36h", "90 min"), without VS Code.

/** An amount of sandbox time, in the units `POST /_sandbox/clock/advance` takes. */
export interface ClockAdvance {
  days: number;
  hours: number;
  minutes: number;
}

const UNITS: Record<string, keyof ClockAdvance> = {
  d: 'days',
  day: 'days',
  days: 'days',
  h: 'hours',
  hr: 'hours',
  hrs: 'hours',
  hour: 'hours',
  hours: 'hours',
  m: 'minutes',
  min: 'minutes',
  mins: 'minutes',
  minute: 'minutes',
  minutes: 'minutes',
};

/** Reads "2 days", "36h", "1d 12h" or "90 min"; a reason instead when it is not a positive amount of time. */
export function parseClockAdvance(text: string): ClockAdvance | { problem: string } {
  const advance: ClockAdvance = { days: 0, hours: 0, minutes: 0 };
  const trimmed = text.trim().toLowerCase();
  if (!trimmed) return { problem: 'Type an amount of time, such as 2 days, 36 h or 90 min.' };
  const parts = [...trimmed.matchAll(/(\d+(?:[.,]\d+)?)\s*([a-z]+)/g)];
  const rest = trimmed
    .replace(/(\d+(?:[.,]\d+)?)\s*([a-z]+)/g, '')
    .replace(/\band\b/g, '')
    .replace(/[\s,]+/g, '');
  if (parts.length === 0 || rest) {
    return { problem: `"${text.trim()}" is not an amount of time: write a number and a unit (days, hours, minutes).` };
  }
  for (const [, number, unit] of parts) {
    const key = UNITS[unit ?? ''];
    if (!key) return { problem: `"${unit}" is not a unit: use days, hours or minutes.` };
    advance[key] += Number((number ?? '0').replace(',', '.'));
  }
  const minutes = advanceMinutes(advance);
  if (!(minutes >= 1)) return { problem: 'The sandbox clock only moves forward: give at least one minute.' };
  if (minutes > 400 * 24 * 60) return { problem: 'Advance at most 400 days at once.' };
  return advance;
}

/** The whole advance in minutes. */
export function advanceMinutes(advance: ClockAdvance): number {
  return (advance.days * 24 + advance.hours) * 60 + advance.minutes;
}

/** "2 days 4 hours", for messages. */
export function describeAdvance(advance: ClockAdvance): string {
  const words: string[] = [];
  const add = (value: number, one: string, many: string) => {
    if (value) words.push(`${value} ${value === 1 ? one : many}`);
  };
  add(advance.days, 'day', 'days');
  add(advance.hours, 'hour', 'hours');
  add(advance.minutes, 'minute', 'minutes');
  return words.join(' ') || 'no time';
}
