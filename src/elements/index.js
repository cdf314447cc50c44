// Importing this module registers every custom element of pe-ffn-wasm (the `pe-ffn-wasm/elements`
// subpath). Each element loads the one shared wasm instance (shared/core.js) when first connected.
// Use configureCore({ wasm }) before any element connects to load the .wasm from elsewhere.
//
// Registration happens here, explicitly: each element's class is imported by name and defined below,
// so it never depends on a bundler's side-effect analysis of a bare `import './x.js'`.
export { configureCore, getCore } from './shared/core.js';
export { setPageLang, LANG_EVENT } from './shared/i18n.js';

import { PeTable } from './pe-table.js';
import { PeHeatmap } from './pe-heatmap.js';
import { PeClock } from './pe-clock.js';
import { PeRelative } from './pe-relative.js';
import { PeAdd } from './pe-add.js';
// Other elements (one import line each, added by their authors, plus the class in the list below):
import { FfnExplorer } from './ffn-explorer.js';
import { FfnTradeoff } from './ffn-tradeoff.js';
import { BlockFlow } from './block-flow.js';
import { PeFfnQuiz } from './pe-ffn-quiz.js';
import { PeCompare } from './pe-compare.js';
import { PeLab } from './pe-lab.js';

const elements = [PeTable, PeHeatmap, PeClock, PeRelative, PeAdd, FfnExplorer, FfnTradeoff, BlockFlow, PeFfnQuiz, PeCompare, PeLab];
for (const element of elements) element.define();

export { PeTable, PeHeatmap, PeClock, PeRelative, PeAdd, FfnExplorer, FfnTradeoff, BlockFlow, PeFfnQuiz, PeCompare, PeLab };
