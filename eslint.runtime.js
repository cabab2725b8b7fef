// @ts-check
/**
 * main/ waits and listens through main/runtime: a timer is a `createOneTimer` (one handle, set again rather than
 * added to), and an event is heard with `events.on(name, …)`, whose payload is typed — never a `payload as …` cast
 * on a catch-all listener. Kept apart from eslint.config.js so a unit test can lint sample code with it.
 */

/** @type {import('eslint').Linter.Config[]} */
export const runtimeConfigs = [
  {
    files: ['main/**/*.ts'],
    ignores: ['main/runtime/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > Identifier.expression[name='payload']",
          message: "Listen with events.on('<event>', (payload) => …): its payload is typed, no cast needed.",
        },
        {
          selector: "CallExpression[callee.type='Identifier'][callee.name=/^set(Timeout|Interval)$/]",
          message: 'Wait with createOneTimer (main/runtime/one-timer.ts), so the handle is kept, cleared and replaced in one place.',
        },
        {
          selector: "CallExpression[callee.object.name='timers'][callee.property.name='set']",
          message: 'Wait with createOneTimer (main/runtime/one-timer.ts), so the handle is kept, cleared and replaced in one place.',
        },
      ],
    },
  },
];
