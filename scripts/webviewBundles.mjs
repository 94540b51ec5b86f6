// The webview bundles, as esbuild.mjs builds them and test/unit/webview/ reads them: one script and one stylesheet
// per panel (webview/<panel>/main.ts and style.css), and the stylesheet every panel shares, all in dist/webview/ (the
// panels' localResourceRoots).

/** Every panel: `webview/<panel>/` holds its script and its own stylesheet. */
export const WEBVIEW_PANELS = ['response', 'shipping', 'metrics'];

/**
 * The bridge runs first in every panel's script, before any module that builds a schema: it sets what every panel
 * needs (zod's jitless parsing, since the CSP refuses code made from strings), so no panel's script has to.
 */
export const WEBVIEW_BRIDGE = 'webview/shared/bridge.ts';

/** The shared stylesheet (`dist/webview/panel.css`), which the host links before each panel's own. */
export const SHARED_STYLESHEET = { in: 'webview/shared/panel.css', out: 'panel' };

/**
 * The esbuild options of each webview build, over the project's `common` options.
 * @param {import('esbuild').BuildOptions} common
 * @returns {import('esbuild').BuildOptions[]}
 */
export function webviewBuilds(common) {
  const browser = {
    ...common,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    external: [],
    outdir: 'dist/webview',
  };
  return [
    ...WEBVIEW_PANELS.map((panel) => ({
      ...browser,
      inject: [WEBVIEW_BRIDGE],
      entryPoints: [
        { in: `webview/${panel}/main.ts`, out: panel },
        { in: `webview/${panel}/style.css`, out: panel },
      ],
    })),
    { ...browser, entryPoints: [SHARED_STYLESHEET] },
  ];
}
