// Types of build-stamp.mjs for the TypeScript that imports it (tests/support/pages.ts).

export interface BuildStamp {
  /** sourceStamp() when the build was made. */
  source: string;
  builtAt: string;
}
export declare function sourceStamp(): string;
export declare function readBuildStamp(): BuildStamp | null;
export declare function buildIsCurrent(): boolean;
