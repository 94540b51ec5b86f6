import type { BuildOptions } from 'esbuild';

export const WEBVIEW_PANELS: readonly string[];
export const WEBVIEW_BRIDGE: string;
export const SHARED_STYLESHEET: { in: string; out: string };
export function webviewBuilds(common: BuildOptions): BuildOptions[];
