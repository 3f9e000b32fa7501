// Written into each prerendered page by scripts/prerender.mjs (nginx's CSP allows it by its
// hash). First, it keeps the visit's first page view as it arrived (address and referrer,
// read by src/features/contact/visit-source.ts), in case the visitor moves on before the
// page's code runs. Then it requests the page's scripts (the entry first), kept inert in
// <template id="page-scripts">, once the browser reports the page's first contentful paint
// (painted from its HTML and CSS), so that nothing the page downloads or runs comes before
// it; at once in a tab that is not shown, where nothing is painted, and after 2 s at the latest.
(() => {
  try {
    if (sessionStorage.getItem('visit-entry') === null) {
      const { pathname, search } = window.location;
      sessionStorage.setItem('visit-entry', JSON.stringify({ pathname, search, referrer: document.referrer }));
    }
  } catch {
    // No storage: the page's code reads the address itself.
  }
  let loaded = false;
  // Requests for 4 ms a task, at least one: asking for some 35 files in one go was one long
  // task on a phone; a fixed two a task were still tasks of 60-140 ms under Lighthouse on a
  // slower machine (a request costs 4-8 ms there, far less in a browser nobody inspects).
  const requestSome = (inert) => {
    const until = performance.now() + 4;
    do {
      const one = inert.shift();
      const element = document.createElement(one.localName);
      for (const { name, value } of one.attributes) element.setAttribute(name, value);
      document.head.append(element);
    } while (inert.length && performance.now() < until);
    if (inert.length) setTimeout(requestSome, 0, inert);
  };
  const load = () => {
    if (loaded) return;
    loaded = true;
    requestSome([...document.getElementById('page-scripts').content.querySelectorAll('link, script')]);
  };
  if (document.visibilityState === 'hidden') return load();
  document.addEventListener('visibilitychange', load);
  setTimeout(load, 2000);
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(load, 0);
  }).observe({ type: 'paint', buffered: true });
})();
