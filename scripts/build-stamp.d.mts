// Types of build-stamp.mjs for the TypeScript that imports it (tests).
export declare const ROOT: string;
export declare function sourceStamp(root?: string): string;
export declare function readBuildStamp(root?: string): string | null;
export declare function buildIsCurrent(root?: string): boolean;
export declare function writeBuildStamp(source: string, root?: string): void;
export declare function removeBuildStamp(root?: string): void;
export declare function withBuildLock<T>(
  work: () => T | Promise<T>,
  options?: { root?: string; waitMs?: number; say?: (line: string) => void },
): Promise<T>;
