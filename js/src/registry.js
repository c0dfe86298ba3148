// What the page author has declared through the JS API.
import { normPage } from './declare.js';

export class Registry {
  constructor() {
    this.page = normPage({});
    /** @type {Map<string, any>} */
    this.regions = new Map();
    /** Single and row actions in declaration order, keyed `action:id` or `row:name`. */
    /** @type {Map<string, any>} */
    this.actions = new Map();
    /** @type {any[]} */
    this.records = [];
    /** @type {Map<string, any>} */
    this.state = new Map();
    /** @type {any[]} */
    this.feedback = [];
    /** @type {any[]} */
    this.forms = [];
    /** Fields that failed constraint validation on a submit. */
    this.invalidSeen = new WeakSet();
    /** Forms submitted or reset since the person last edited them: the browser's
     * `:user-invalid` (set by every submit) says nothing about their fields now. */
    this.settledForms = new WeakSet();
    /** The last snapshot's record ids, kept so that ids that did not change are not checked
     * again (see `RecordMemo` in collect.js). @type {any} */
    this.recordMemo = null;
  }
}
