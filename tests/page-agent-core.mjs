// page-agent's own agent without its panel: `@page-agent/core` driving its `PageController`
// with the visual mask off — the same prompts, tools and DOM extraction as its script bundle,
// without the UI that keeps a 2-core machine busy while the model runs. The task suite
// bundles this file for the page (PLING_EVAL_AGENT=page-agent; PLING_PAGE_AGENT_PANEL=1 runs
// the script bundle with its panel instead).
import { PageAgentCore } from '@page-agent/core';
import { PageController } from '@page-agent/page-controller';

window.PageAgent = class extends PageAgentCore {
  /** @param {ConstructorParameters<typeof PageAgentCore>[0]} config */
  constructor(config) {
    super({ ...config, pageController: new PageController({ ...config, enableMask: false }) });
  }
};
