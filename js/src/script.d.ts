// Types for the <script> build: the global `Pling`.
import type { Pling as PlingClass, Limits, secret as secretFn, mountDebugPanel as mount } from './index.js';

export interface PlingGlobal {
  Pling: typeof PlingClass;
  secret: typeof secretFn;
  mountDebugPanel: typeof mount;
  engineReady(): boolean;
  defaultLimits(): Limits;
  /** The page's instance, once ready. */
  instance: PlingClass | null;
  /** Resolves to the page's instance. */
  ready: Promise<PlingClass> | null;
}

declare global {
  // eslint-disable-next-line no-var
  var Pling: PlingGlobal;
}
