import type { Workbench } from './workbench';

/**
 * From the explorer's Advertising root (the Marketplace view open), opens the sandbox's first advertiser and its
 * campaign launching an SUV (docs/sandbox/advertising.md): the campaign's metrics panel opens.
 */
export async function openSeededCampaign(workbench: Workbench): Promise<void> {
  await workbench
    .treeItem(/^Advertising/)
    .first()
    .click();
  const advertiser = workbench.treeItem(/^Autos del Sur(?! México| Chile)/).first();
  await advertiser.waitFor({ timeout: 30_000 });
  await advertiser.click();
  const campaign = workbench.treeItem(/^Lanzamiento SUV 2026/).first();
  await campaign.waitFor({ timeout: 30_000 });
  await campaign.click();
}
