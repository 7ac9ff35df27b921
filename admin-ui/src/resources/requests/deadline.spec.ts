import { describe, expect, it } from '@jest/globals';
import { deadlineLevel, timeLeftText } from './deadline';

const now = new Date('2026-03-10T09:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('collection deadline', () => {
  it.each([
    [-5, 'passed', 'انتهت مهلة الاستلام'],
    [0, 'passed', 'انتهت مهلة الاستلام'],
    [45, 'urgent', 'بقي 45 د'],
    [190, 'soon', 'بقي 3 س و10 د'],
    [24 * 60 + 120, 'later', 'بقي يوم و2 س'],
    [2 * 24 * 60, 'later', 'بقي يومان'],
    [5 * 24 * 60, 'later', 'بقي 5 أيام'],
    [10 * 24 * 60 + 60, 'later', 'بقي 10 أيام و1 س'],
    [14 * 24 * 60, 'later', 'بقي 14 يومًا'],
    [150 * 24 * 60, 'later', 'بقي 150 يومًا'],
    [101 * 24 * 60, 'later', 'بقي 101 يوم'],
  ])('%i minutes left is %s: %s', (minutes, level, text) => {
    expect(deadlineLevel(at(minutes), now)).toBe(level);
    expect(timeLeftText(at(minutes), now)).toBe(text);
  });
});
