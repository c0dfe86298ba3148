// What the README's quick start imports from `pling-runtime`: the size a page pays up front
// with a bundler, which keeps only what is imported.
export { createPling, mountChat } from '../../js/src/index.js';
