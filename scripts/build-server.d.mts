export const SERVER_BUNDLE: string;
export function serverBuildIsCurrent(): boolean;
export function bundleServer(options?: { entry?: string; outfile?: string; write?: boolean }): Promise<unknown>;
export function buildServer(): Promise<void>;
