import type { Linter } from 'eslint';

export declare const testClockConfigs: Linter.Config[];
