import * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
import type { ResponseModelInput } from '../../model/protocols/response';
import type { FeatureContribution, FeatureCore } from '../../platform/feature';
import { ResponsePanel } from './responsePanel';

export { toResponseModel } from './responseModel';
export { ResponsePanel } from './responsePanel';

/**
 * The response view's command table rows. `marketplace.showResponse` (hidden from the palette) takes a response
 * model and opens the panel: the way other bundles (the integration suite) reach it; features call
 * `ResponsePanel.createOrShow` directly.
 */
export function activate(core: FeatureCore): FeatureContribution {
  const { context, output } = core;
  const commands = [
    {
      id: COMMANDS.showResponse,
      failure: vscode.l10n.t('Could not show the response'),
      run: (response: ResponseModelInput) => {
        const panel = ResponsePanel.createOrShow(context, response);
        output.info(`Response view: ${panel.response.method} ${panel.response.path} → ${panel.response.status}`);
      },
    },
  ];
  return { commands };
}
