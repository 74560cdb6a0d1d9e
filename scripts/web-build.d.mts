export function webSourcesHash(root?: string): string;
export function recordWebBuild(hash?: string, root?: string): void;
export function webBuildIsCurrent(root?: string): boolean;
