// `pling-runtime/react`: declare what a React page means from its components. Each hook
// registers one declaration while its component is mounted and removes it on unmount, so
// StrictMode's double mount and conditional rendering are safe; every function and ref in a
// declaration is read afresh at each snapshot, so the model sees the component's current
// state without re-registering on every render. React is a peer dependency.
import { createContext, createElement, useContext, useEffect, useRef, useState } from 'react';
import { createPling, connectWebMCP } from './index.js';
import { mountChat } from './widget.js';

const PlingContext = createContext(/** @type {import('./pling.js').Pling | null} */ (null));

/** What a declaration says once: a change of these registers it again. */
const IDENTITY = new Set(['id', 'name', 'region', 'parent', 'kind', 'effect', 'params', 'confirm', 'handoff', 'description', 'role', 'purpose', 'sensitive', 'expects', 'reveals', 'timeoutMs', 'query']);
/** Values Pling reads at each snapshot (a value or a function of none). */
const LIVE = new Set(['rows', 'value', 'active', 'available', 'reason', 'element', 'title', 'path', 'route', 'params', 'counts']);

/**
 * Makes the page's Pling once and gives it to the hooks below. The engine loads when it is
 * first needed or the browser is idle (`options.lazy`, as `createPling` takes it).
 * @param {{options?: import('./index.d.ts').CreatePlingOptions, children?: any}} props
 */
export function PlingProvider({ options, children }) {
  const [pling, setPling] = useState(/** @type {import('./pling.js').Pling | null} */ (null));
  useEffect(() => {
    let live = true;
    let made = null;
    createPling(options).then((p) => {
      if (live) setPling((made = p));
      else p.destroy();
    }, (error) => console.error(`[pling] ${error.message}`));
    return () => {
      live = false;
      made?.destroy();
    };
    // Made once per mount: options are read when it is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return createElement(PlingContext.Provider, { value: pling }, children);
}

/** The page's Pling, or null until the provider has made it (its first effect). */
export function usePling() {
  return useContext(PlingContext);
}

/**
 * The declaration Pling keeps: what it says once as given; functions, refs and live values
 * read through `latest` when Pling asks.
 */
function throughLatest(latest) {
  const out = {};
  for (const [key, value] of Object.entries(latest.current)) {
    // A key given as undefined is left out, as it is by the plain API (a row action's `rows`).
    if (value === undefined) continue;
    if (IDENTITY.has(key) && typeof value !== 'function') out[key] = value;
    else if (typeof value === 'function') out[key] = (...args) => latest.current[key](...args);
    else if (isRef(value)) out[key] = () => latest.current[key]?.current ?? null;
    else if (LIVE.has(key)) out[key] = () => latest.current[key];
    else out[key] = value;
  }
  return out;
}

const isRef = (v) => v !== null && typeof v === 'object' && 'current' in v && Object.keys(v).length === 1;

function identity(declaration) {
  const key = {};
  for (const k of Object.keys(declaration)) if (IDENTITY.has(k) && typeof declaration[k] !== 'function') key[k] = declaration[k];
  // A key given as undefined is no key (see throughLatest): when it gets a value, the
  // declaration is made again with it.
  key.keys = Object.keys(declaration).filter((k) => declaration[k] !== undefined).sort();
  return JSON.stringify(key);
}

/** Registers `declaration` with `pling[method]` while mounted. */
function useDeclaration(method, declaration) {
  const pling = usePling();
  const latest = useRef(declaration);
  latest.current = declaration;
  const key = identity(declaration);
  useEffect(() => {
    if (!pling) return undefined;
    return pling[method](throughLatest(latest));
  }, [pling, key, method]);
}

/** @param {import('./index.d.ts').RegionDeclaration} d */
export const usePlingRegion = (d) => useDeclaration('region', d);
/** @param {import('./index.d.ts').ActionDeclaration} d */
export const usePlingAction = (d) => useDeclaration('action', d);
/** @param {import('./index.d.ts').RowActionDeclaration} d */
export const usePlingRowAction = (d) => useDeclaration('rowAction', d);
/** @param {any} d */
export const usePlingRecords = (d) => useDeclaration('records', d);
/** @param {import('./index.d.ts').StateDeclaration} d */
export const usePlingState = (d) => useDeclaration('state', d);

/** @param {import('./index.d.ts').FormDeclaration} d */
export const usePlingForm = (d) => useDeclaration('form', d);

/**
 * Declares feedback while mounted: the items themselves (read at each snapshot) or a function.
 * @param {import('./index.d.ts').FeedbackSource} source
 */
export function usePlingFeedback(source) {
  const pling = usePling();
  const latest = useRef(source);
  latest.current = source;
  useEffect(() => {
    if (!pling) return undefined;
    return pling.feedback(() => {
      const items = latest.current;
      return typeof items === 'function' ? items() : items;
    });
  }, [pling]);
}

/**
 * Declares the page's identity (route, params, query fields) while mounted; on unmount the
 * defaults (the document's title and path) apply again.
 * @param {import('./index.d.ts').PageDeclaration} d
 */
export function usePlingPage(d) {
  const pling = usePling();
  const latest = useRef(d);
  latest.current = d;
  const key = identity(d);
  useEffect(() => {
    if (!pling) return undefined;
    pling.page(throughLatest(latest));
    return () => {
      if (!pling.destroyed) pling.page({});
    };
  }, [pling, key]);
}

/**
 * Offers the page's tools to the browser's agent through WebMCP while mounted.
 * @param {import('./index.d.ts').WebMCPOptions} [options]
 * @returns {import('./index.d.ts').WebMCPConnection | null} null where there is no `document.modelContext`
 */
export function usePlingWebMCP(options) {
  const pling = usePling();
  const [connection, setConnection] = useState(/** @type {import('./index.d.ts').WebMCPConnection | null} */ (null));
  useEffect(() => {
    if (!pling) return undefined;
    const made = connectWebMCP(pling, options);
    setConnection(made);
    return () => {
      made?.disconnect();
      setConnection(null);
    };
    // Connected once per Pling: options are read when it connects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pling]);
  return connection;
}

/**
 * The chat widget, mounted while this component is.
 * @param {import('./index.d.ts').ChatOptions} props
 */
export function PlingChat(props) {
  const pling = usePling();
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    if (!pling) return undefined;
    const chat = mountChat(pling, latest.current);
    return () => chat.destroy();
  }, [pling]);
  return null;
}
