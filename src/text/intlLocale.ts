/**
 * The `Intl` locale of a VS Code display language (`vscode.env.language`, a webview's `lang`): `pt-br` → `pt-BR`,
 * `es` → `es`, `en` or nothing → `en-US` (the figures the English text was written with). Pure, so the webviews and
 * the host format alike.
 */
export function intlLocale(language: string | undefined): string {
  const [base, region] = (language ?? '').toLowerCase().split('-');
  if (!base || base === 'en') return region ? `en-${region.toUpperCase()}` : 'en-US';
  if (!/^[a-z]{2,3}$/.test(base)) return 'en-US';
  return region && /^[a-z0-9]{2,8}$/.test(region) ? `${base}-${region.toUpperCase()}` : base;
}
