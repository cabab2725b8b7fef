/**
 * A named point of a durable step (journal written, file moved, request sent). The app passes none; the SIGKILL
 * tests pass one that kills the process at the n-th point, to prove a restart loses and doubles nothing.
 */
export type Checkpoint = (name: string) => void;

export const noCheckpoint: Checkpoint = () => undefined;
