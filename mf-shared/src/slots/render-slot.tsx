import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { SlotRenderRequest, SlotRenderResult } from '@steel/contract/slots';
import { defaultRuntimeConfig, type RuntimeConfig } from '@steel/contract/runtime-config';
import { createServerShellContext } from '../server/server-shell-context';
import { ContributionProviders } from './contribution-providers';
import type { SlotComponents } from './define-contributions';

/**
 * A contributor's server render of one slot (its server entry's `renderSlot`): the component with
 * the host's props, as a signed-out visitor, in the same providers the browser hydrates with. A
 * component that throws rejects: the render worker leaves the slot to the browser and reports it.
 */
export function slotServerRenderer(loadCss: () => Promise<string>, components: SlotComponents) {
  return async function renderSlot(request: SlotRenderRequest): Promise<SlotRenderResult> {
    const Contribution = components[request.slot] as ComponentType<Record<string, unknown>> | undefined;
    if (!Contribution) throw new Error(`no contribution to ${request.slot}`);
    const config: RuntimeConfig = { ...defaultRuntimeConfig, ...request.config };
    const context = createServerShellContext(config, request.cmsUrl);
    const html = renderToString(
      <ContributionProviders context={context}>
        <Contribution {...(request.props as Record<string, unknown>)} />
      </ContributionProviders>,
      { identifierPrefix: request.identifierPrefix },
    );
    return { html, css: await loadCss() };
  };
}
