// Page views for the site's own counts (issue 48, docs/product.md "Reader analytics"): the path of each page a
// reader opens, and on the first the site they came from, sent to /insights/event. No cookie, no storage, no
// identifier; nothing is sent when the browser asks for Do Not Track or Global Privacy Control.
(function () {
  var nav = navigator, doc = document;
  if (nav.doNotTrack === '1' || window.doNotTrack === '1' || nav.globalPrivacyControl === true || !nav.sendBeacon) return;
  var last = null, referrer = doc.referrer;
  function send() {
    var path = location.pathname;
    if (path === last) return;
    last = path;
    try {
      nav.sendBeacon('/insights/event', JSON.stringify({ p: path, r: referrer }));
    } catch {
      // A beacon the browser refuses is a view not counted, never an error on the page.
    }
    referrer = '';
  }
  // The site moves between its pages without loading them (history.pushState): each move is a view.
  ['pushState', 'replaceState'].forEach(function (name) {
    var original = history[name];
    history[name] = function () {
      var result = original.apply(this, arguments);
      send();
      return result;
    };
  });
  addEventListener('popstate', send);
  // A page the browser prerenders is counted when the reader sees it, if ever.
  if (doc.visibilityState === 'prerender') doc.addEventListener('visibilitychange', send, { once: true });
  else send();
})();
