import type { Linter } from 'eslint';

export declare const electronOnlyHere: string[];
export declare const ipcWrappers: string[];
export declare const boundaryConfigs: Linter.Config[];
