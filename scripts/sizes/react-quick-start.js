// What the README's React example imports from `pling-runtime/react`.
export { PlingProvider, PlingChat, usePlingRegion, usePlingRowAction, usePlingRecords } from '../../js/src/react.js';
