/**
 * The plug-ins built into the page (Paco Ŝako, progressive chess): one import and one entry each.
 * A list rather than imports for their side effects: the package is marked free of side
 * effects, so a bundler would drop a bare import.
 */
import type { VariantPlugin } from './plugins.js';
import { pacoPlugin } from './paco/plugin.js';
import { progressivePlugin } from './progressive/plugin.js';

export const BUILT_IN_PLUGINS: readonly VariantPlugin[] = [pacoPlugin, progressivePlugin];
