/** Intake over IPC: a person's kind for a fax, and the office's own kinds. */
import type { Handlers } from './dispatcher';
import type { HandlerContext } from './services';

type IntakeHandlers = Pick<Handlers, 'setFaxKind' | 'setFaxField' | 'getIntakeKinds' | 'saveOfficeKinds'>;

export function intakeHandlers(context: HandlerContext): IntakeHandlers {
  return {
    setFaxKind: async ({ id, kind }) => {
      (await context.services()).intake.setKind(id, kind);
      return null;
    },
    setFaxField: async ({ id, name, value }) => (await context.services()).intake.setField(id, name, value),
    getIntakeKinds: async () => (await context.services()).intake.kinds(),
    saveOfficeKinds: async ({ kinds }) => (await context.services()).intake.saveOfficeKinds(kinds),
  };
}
