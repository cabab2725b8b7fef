// @ts-check
/**
 * Tests take calendar times from test/helpers/clock.ts (at, localTime, pinClock): a time built from numbers
 * elsewhere depends on the day and the zone the test runs in (a test written on Nov 23 failed on every later day).
 * Nor is process.env replaced by a copy: files share their worker, and in a plain object a change of TZ no longer
 * reaches the clock (restore the same object's keys instead). Kept apart from eslint.config.js so a unit test can
 * lint sample code with it.
 */

/** @type {import('eslint').Linter.Config[]} */
export const testClockConfigs = [
  {
    files: ['test/**', 'bench/**'],
    ignores: ['test/helpers/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
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
      ],
    },
  },
];
