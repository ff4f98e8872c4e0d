// Types of checker.mjs, for the tests that install the packed checker through it.
export declare function installPackedChecker(): { dir: string; project: string; installedBytes: number; packages: number };
export declare function installPacked(workspaces: string[]): { dir: string; project: string; installedBytes: number; packages: number };
export declare function bytesUnder(dir: string): number;
