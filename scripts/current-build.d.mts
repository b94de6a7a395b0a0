// Types of current-build.mjs for the TypeScript that imports it.
export declare function ensureCurrentBuild(): Promise<void>;
