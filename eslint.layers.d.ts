import type { Linter } from 'eslint';

export declare const mainLayers: ReadonlyArray<{ name: string; job: string; paths: string[] }>;
export declare function layerTable(): string;
export declare function layerOf(file: string): number | null;
export declare const layerConfigs: Linter.Config[];
export declare const serviceUses: Readonly<Record<string, readonly string[]>>;
export declare function serviceFolderOf(file: string): string | null;
