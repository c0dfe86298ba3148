// Types for `pling-runtime/react`: hooks that declare what a React page means from its
// components, and the chat widget as a component.
import type { ReactNode, RefObject } from 'react';
import type {
  Pling, CreatePlingOptions, RegionDeclaration, ActionDeclaration, RowActionDeclaration, RecordsDeclaration,
  RecordsFromItems, StateDeclaration, ChatOptions, Params, FormDeclaration, FeedbackSource, PageDeclaration,
  WebMCPOptions, WebMCPConnection,
} from './index.js';

/** An element, a ref to one (read at each snapshot), or a function returning one. */
type ElementLike = Element | null | undefined | RefObject<Element | null> | (() => Element | null | undefined);
type WithRefs<D> = Omit<D, 'element'> & { element?: D extends { element?: infer E } ? E | RefObject<Element | null> : never };

/** Makes the page's Pling once (StrictMode-safe) and gives it to the hooks; the engine loads on first use or when idle (`lazy`). */
export declare function PlingProvider(props: { options?: CreatePlingOptions; children?: ReactNode }): ReactNode;
/** The page's Pling, or null until the provider has made it. */
export declare function usePling(): Pling | null;
/** Declares a region while the component is mounted; `element` may be a ref. */
export declare function usePlingRegion(declaration: WithRefs<RegionDeclaration>): void;
/** Declares an action while mounted; its handler and live values are read at each call and snapshot. */
export declare function usePlingAction<const P extends Params = Params>(declaration: WithRefs<ActionDeclaration<P>>): void;
/** Declares a row action while mounted. */
export declare function usePlingRowAction<const P extends Params = Params>(declaration: RowActionDeclaration<P>): void;
/** Declares records while mounted, from rows or from your own items through accessors. */
export declare function usePlingRecords<T>(declaration: RecordsDeclaration | RecordsFromItems<T>): void;
/** Declares read-only state while mounted; `value` may be the current value itself. */
export declare function usePlingState(declaration: StateDeclaration): void;
/** Declares a form whose constraint validation becomes feedback; `element` may be a ref. */
export declare function usePlingForm(declaration: WithRefs<FormDeclaration>): void;
/** Declares feedback while mounted: the current items (read at each snapshot) or a function returning them. */
export declare function usePlingFeedback(source: FeedbackSource): void;
/** Declares the page's identity while mounted; the document's title and path apply again on unmount. */
export declare function usePlingPage(declaration: PageDeclaration): void;
/** Offers the page's tools through WebMCP while mounted; null where the browser has no model context. */
export declare function usePlingWebMCP(options?: WebMCPOptions): WebMCPConnection | null;
/** The chat widget, mounted while this component is. */
export declare function PlingChat(props: ChatOptions): ReactNode;
export type { ElementLike };
