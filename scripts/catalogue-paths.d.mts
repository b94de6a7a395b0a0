export declare const CATALOGUE_PATH_PATTERNS: string[];
