import type { Linter } from 'eslint';

export declare const runtimeConfigs: Linter.Config[];
