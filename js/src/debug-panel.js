// A debug panel for page authors: the live observation, the tool schemas and what was left
// out, refreshed as the page changes. It marks itself data-pling-ignore so it is never part of
// what it shows.

/** One observation into the panel. */
function show($, o, ms) {
  $('.pling-debug-section').textContent = o.section;
  $('.pling-debug-tools').textContent = JSON.stringify(o.tools, null, 2);
  $('.pling-debug-omissions').textContent = JSON.stringify(o.omissions, null, 2);
  $('.pling-debug-snapshot').textContent = JSON.stringify(o.snapshot, null, 2).slice(0, 20000);
  $('.pling-debug-meta').textContent = `${o.tools.length} tools · ${o.section.length} chars · ${Math.round(ms)} ms${o.settle.settled ? '' : ` · not settled: ${o.settle.reason}`}`;
}

/**
 * Mounts the panel into `container`.
 * @param {import('./pling.js').Pling} pling
 * @param {HTMLElement} container
 * @returns {{refresh: () => Promise<void>, destroy: () => void}}
 */
export function mountDebugPanel(pling, container) {
  container.setAttribute('data-pling-ignore', '');
  container.classList.add('pling-debug');
  container.innerHTML = `
    <div class="pling-debug-head"><strong>Pling observation</strong>
      <span class="pling-debug-meta" aria-live="polite"></span>
      <button type="button" class="pling-debug-refresh">Refresh</button></div>
    <details open><summary>Page section</summary><pre class="pling-debug-section"></pre></details>
    <details><summary>Tools</summary><pre class="pling-debug-tools"></pre></details>
    <details><summary>Omissions</summary><pre class="pling-debug-omissions"></pre></details>
    <details><summary>Snapshot</summary><pre class="pling-debug-snapshot"></pre></details>`;
  const $ = (c) => container.querySelector(c);
  let timer = 0;
  let running = false;
  let again = false;
  const refresh = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const t0 = performance.now();
      show($, await pling.observe(), performance.now() - t0);
    } catch (error) {
      $('.pling-debug-meta').textContent = `error: ${error.message}`;
    } finally {
      running = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, 150);
  };
  const observer = new MutationObserver((records) => {
    if (records.some((r) => !container.contains(r.target))) schedule();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  const onScroll = () => schedule();
  document.addEventListener('scroll', onScroll, { capture: true, passive: true });
  $('.pling-debug-refresh').addEventListener('click', refresh);
  schedule();
  return {
    refresh,
    destroy() {
      clearTimeout(timer);
      observer.disconnect();
      document.removeEventListener('scroll', onScroll, { capture: true });
      container.replaceChildren();
    },
  };
}
