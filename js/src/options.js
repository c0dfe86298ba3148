// The assistant's options, checked once when it is made: a value of the wrong kind is a
// PlingConfigError naming the option, never silently replaced by its default.
import { PlingConfigError } from './errors.js';

const positive = (v) => typeof v === 'number' && Number.isFinite(v) && v > 0;
const count = (v) => Number.isInteger(v) && v >= 0;
const atLeastOne = (v) => Number.isInteger(v) && v >= 1;
const text = (v) => typeof v === 'string';
const flag = (v) => typeof v === 'boolean';
const fn = (v) => typeof v === 'function';

/** Each option: its test and what it must be, in words. */
const RULES = {
  baseURL: [(v) => text(v) && v.length > 0, 'an OpenAI-compatible endpoint such as "/v1" (a same-origin proxy that holds the key)'],
  model: [text, 'a string'],
  apiKey: [text, 'a string'],
  headers: [(v) => v !== null && typeof v === 'object' && Object.values(v).every(text), 'an object of string header values'],
  stream: [flag, 'true or false'],
  toolMode: [(v) => ['auto', 'native', 'structured'].includes(v), '"auto", "native" or "structured"'],
  recordChoices: [flag, 'true or false'],
  temperature: [(v) => typeof v === 'number' && v >= 0 && v <= 2, 'a number from 0 to 2'],
  timeoutMs: [positive, 'a positive number of milliseconds'],
  deadlineMs: [positive, 'a positive number of milliseconds'],
  retry: [retryOk, 'an object with maxRetries (a whole number), baseDelayMs and maxDelayMs (milliseconds)'],
  maxSteps: [atLeastOne, 'a whole number of at least 1'],
  maxRepeatedFailures: [atLeastOne, 'a whole number of at least 1'],
  maxCallsPerReply: [atLeastOne, 'a whole number of at least 1'],
  maxConfirmationsPerReply: [count, 'a whole number'],
  assist: [assistsOk, 'false, true, or an object with nonAnswers (true or false) and unseenRows ("discover", "confirm" or "off")'],
  app: [text, 'a string: the application section'],
  confirm: [fn, 'a function of the confirmation request'],
  onEvent: [fn, 'a function of an event'],
};

function assistsOk(v) {
  if (typeof v === 'boolean') return true;
  if (v === null || typeof v !== 'object') return false;
  const known = { nonAnswers: flag, unseenRows: (x) => ['discover', 'confirm', 'off'].includes(x) };
  return Object.entries(v).every(([k, x]) => x === undefined || (known[k] ? known[k](x) : false));
}

function retryOk(v) {
  if (v === null || typeof v !== 'object') return false;
  const known = { maxRetries: count, baseDelayMs: (x) => typeof x === 'number' && x >= 0, maxDelayMs: (x) => typeof x === 'number' && x >= 0 };
  return Object.entries(v).every(([k, x]) => x === undefined || (known[k] ? known[k](x) : false));
}

/**
 * Checks the options the assistant reads (others, such as the widget's, pass through).
 * @param {unknown} options
 * @param {string} where e.g. `Assistant` or `mountChat`
 */
export function checkAssistantOptions(options, where) {
  if (options === null || typeof options !== 'object') {
    throw new PlingConfigError(`${where} needs options with \`baseURL\`: ${RULES.baseURL[1]}`, { code: 'config', what: 'baseURL' });
  }
  const given = /** @type {Record<string, unknown>} */ (options);
  if (given.baseURL === undefined) {
    throw new PlingConfigError(`${where} needs \`baseURL\`: ${RULES.baseURL[1]}`, { code: 'config', what: 'baseURL' });
  }
  for (const [name, [ok, words]] of Object.entries(RULES)) {
    const value = given[name];
    if (value === undefined || (name === 'temperature' && value === null)) continue;
    if (!ok(value)) {
      throw new PlingConfigError(`${where} option \`${name}\` must be ${words}; got ${describe(value)}`, { code: 'config', what: name });
    }
  }
}

function describe(value) {
  try {
    return typeof value === 'function' ? 'a function' : JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The members of `options` that are set (neither `undefined` nor `null`): what crosses into the
 * engine, which reads the options and owns every default.
 * @param {Record<string, unknown>} options
 * @returns {Record<string, unknown>}
 */
export function given(options) {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined && v !== null));
}
