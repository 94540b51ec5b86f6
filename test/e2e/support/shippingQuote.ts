// The shipping panel's most used quote in the e2e specs, filled in as a person would.
import type { FrameLocator } from 'playwright-core';

/** A quote between two MLB postal codes: several methods, badges, a folded option at times. */
export async function quoteMlb(view: FrameLocator): Promise<void> {
  await view.locator('#tab-siteZip').click();
  await view.locator('#siteZip-site').selectOption('MLB');
  await view.locator('#siteZip-zipFrom').fill('01310100');
  await view.locator('#siteZip-zipTo').fill('20040002');
  await view.locator('#siteZip-dimensions').fill('10x10x20,500');
  await view.locator('#quote-siteZip').click();
  await view.locator('.quote-table .quote-row').first().waitFor({ timeout: 30_000 });
}
