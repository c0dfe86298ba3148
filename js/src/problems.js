// What went wrong with the model, in words for the person using the page, and what they can
// do about it: the chat shows these instead of the endpoint's own words (which stay one click
// away). The kinds are stable, for pages that want to word them their own way.

/**
 * @typedef {'unreachable' | 'key' | 'quota' | 'rateLimited' | 'tooLong' | 'noModel' | 'timeout' |
 *   'server' | 'badReply' | 'engine'} ProblemKind
 * @typedef {{kind: ProblemKind, text: string, waitMs?: number}} Problem
 */

import { LOCALES, fill } from './widget-strings.js';

const seconds = (ms) => Math.max(1, Math.ceil(ms / 1000));

/** A wait the server asked for, in ms, from its Retry-After headers (seconds or a date). */
export function waitOf(hints = {}, now = Date.now()) {
  const ms = Number(hints.retryAfterMs);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const after = hints.retryAfter;
  if (after === undefined || after === null) return undefined;
  const s = Number(after);
  if (Number.isFinite(s) && s >= 0) return s * 1000;
  const at = Date.parse(String(after));
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

const TOO_LONG = /context|too long|maximum.*tokens|exceeds/i;
const NO_MODEL = /model.*(not found|does not exist|not configured|unknown)|no model/i;

/** The kind of an HTTP failure. @returns {ProblemKind} */
function httpKind(status, code, message) {
  if (code === 'insufficient_quota') return 'quota';
  if (status === 401 || status === 403 || code === 'invalid_api_key') return 'key';
  if (status === 429 || code === 'rate_limit_exceeded') return 'rateLimited';
  if (code === 'context_length_exceeded' || ((status === 400 || status === 413) && TOO_LONG.test(message))) return 'tooLong';
  if (code === 'model_not_found' || code === 'not_configured' || NO_MODEL.test(message)) return 'noModel';
  if (status === 404 || status === 501) return 'noModel';
  if (status === 502) return 'unreachable';
  if (status === 504) return 'timeout';
  return 'server';
}

/** The kind of a model error, as the client reports it. @returns {ProblemKind} */
function kindOf(error) {
  switch (error?.type) {
    case 'network': return 'unreachable';
    case 'timeout': return 'timeout';
    case 'http': return httpKind(error.status, error.code ?? null, error.message ?? '');
    case 'api': return httpKind(0, error.code ?? null, error.message ?? '');
    case 'malformed': case 'streamCut': case 'tooLarge': return 'badReply';
    default: return 'engine';
  }
}

/**
 * The problem behind a model error, in a person's words.
 * @param {any} error the client's error (`{type, status?, code?, message?}`)
 * @param {number} [waitMs] a wait the server asked for
 * @returns {Problem}
 */
export function problemOf(error, waitMs) {
  const kind = kindOf(error);
  // The widget's English words: one table for the chat and for `result.problem`.
  const en = LOCALES.en;
  const text = kind === 'rateLimited' && waitMs !== undefined ? fill(en.rateLimitedWait, { seconds: seconds(waitMs) }) : en[kind];
  const problem = { kind, text };
  if (kind === 'rateLimited' && waitMs !== undefined) problem.waitMs = waitMs;
  return problem;
}
