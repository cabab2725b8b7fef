// @ts-check
/**
 * Tests take calendar times from test/helpers/clock.ts (at, localTime, pinClock): a time built from numbers
 * elsewhere depends on the day and the zone the test runs in (a test written on Nov 23 failed on every later day).
 * Nor is process.env replaced by a copy: files share their worker, and in a plain object a change of TZ no longer
 * reaches the clock (restore the same object's keys instead).
 *
 * Nor does a test bound how long something took by the wall clock, or wait a few seconds at most for it: a slow hour
 * or a busy machine breaks that, not the app (issue 58: "within 2 s" failed at 2,057 ms in CI). How fast something is
 * is a bench row (`npm run bench`); a test waits on the app's clock, or long enough for any machine. Kept apart from
 * eslint.config.js so a unit test can lint sample code with it.
 */

/** Waits shorter than this are a speed claim, not a wait: they go to the bench. */
export const shortestWaitMs = 10_000;

const calendarSelectors = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length>1]",
    message: 'Build calendar times with test/helpers/clock.ts (at, localTime), so the test reads the same on every day.',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=1] > Literal.arguments[raw=/^[0-9]/]",
    message: 'Build times with test/helpers/clock.ts (at, localTime), so the test reads the same on every day.',
  },
  {
    selector: "AssignmentExpression > MemberExpression.left[object.name='process'][property.name='env']",
    message: "Put process.env's own keys back instead of replacing it: a copy no longer carries a change of TZ to the clock, for this file and the files after it in the worker.",
  },
];

const wallClockSelectors = [
  {
    // expect(Date.now() - started).toBeLessThan(2_000): an upper bound on real time (a lower bound cannot be broken by a slow machine).
    selector:
      "CallExpression[callee.property.name=/^toBeLessThan(OrEqual)?$/][callee.object.callee.name='expect'][callee.object.arguments.0.type='BinaryExpression'][callee.object.arguments.0.operator='-'][callee.object.arguments.0.left.callee.property.name='now']",
    message: 'A slow machine breaks an upper bound on real time: put the speed in a bench row (npm run bench), and in the test wait on the app or its clock.',
  },
  {
    selector: `Property[key.name=/^timeout(Ms)?$/] > Literal.value[value<${shortestWaitMs}]`,
    message: `A wait under ${shortestWaitMs / 1000} s is a speed claim a busy machine breaks: wait longer (the wait ends as soon as the state is there), and measure the speed in a bench row.`,
  },
  {
    // vi.waitFor's own default is one second.
    selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^wait(For|Until)$/][arguments.length<2]",
    message: `vi.waitFor waits one second unless told: give it { timeout: ${shortestWaitMs} } or more.`,
  },
];

/** @type {import('eslint').Linter.Config[]} */
export const testClockConfigs = [
  {
    files: ['bench/**'],
    rules: { 'no-restricted-syntax': ['error', ...calendarSelectors] },
  },
  {
    files: ['test/**'],
    ignores: ['test/helpers/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...calendarSelectors, ...wallClockSelectors] },
  },
  {
    files: ['test/helpers/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...wallClockSelectors] },
  },
];
