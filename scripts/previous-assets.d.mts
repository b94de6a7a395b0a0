export declare function setPreviousAssetsAside(buildDir?: string): string | null;
export declare function keepPreviousAssets(aside: string | null, buildDir?: string): number;
export declare function discardAside(aside: string | null): void;
