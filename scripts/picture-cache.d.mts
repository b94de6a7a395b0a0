export declare function defaultPictureCacheDir(env?: NodeJS.ProcessEnv): string;
