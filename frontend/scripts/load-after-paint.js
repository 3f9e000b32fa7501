// Written into each prerendered page by scripts/prerender.mjs (nginx's CSP allows it by its
// hash). First, it keeps the visit's first page view as it arrived (address and referrer,
// read by src/features/contact/visit-source.ts), in case the visitor moves on before the
// page's code runs. Then it requests the page's scripts, kept inert in
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
  const load = () => {
    if (loaded) return;
    loaded = true;
    for (const inert of document.getElementById('page-scripts').content.querySelectorAll('link, script')) {
      const element = document.createElement(inert.localName);
      for (const { name, value } of inert.attributes) element.setAttribute(name, value);
      document.head.append(element);
    }
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
