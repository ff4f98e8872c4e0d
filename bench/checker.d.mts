// Types of checker.mjs, for the tests that install the packed checker through it.
export declare function installPackedChecker(): { dir: string; project: string; installedBytes: number; packages: number };
