export declare const CATALOGUE_ROUTES: string[];
export declare function buildServiceWorker(clientDir: string): Promise<void>;
