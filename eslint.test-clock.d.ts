import type { Linter } from 'eslint';

export declare const shortestWaitMs: number;
export declare const testClockConfigs: Linter.Config[];
