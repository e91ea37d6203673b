// What every part of the script asks about the page it runs in: what kind of page it is, which
// widget an event concerns, which widgets are busy; and the page's own layout.

// A projected widget (/present/) owns the whole screen: the keys always drive it, and the keys
// a presentation clicker sends (PageUp/PageDown) step it too.
export const presenting = !!(document.body && document.body.hasAttribute("data-present"));

// The widget an htmx event concerns (its target, else the element that sent it), or null.
export function widgetOf(event) {
  const el = event.detail && (event.detail.target || event.detail.elt);
  return el && el.closest ? el.closest(".widget") : null;
}

// A key pressed in a field types there: it steps nothing and opens nothing.
export function isTyping(target) {
  return !!(target && target.closest && target.closest("input, select, textarea, [contenteditable]"));
}

// The address without its language prefix: the same for both editions of a page.
export function unprefixedPath() {
  return window.location.pathname.replace(/^\/zh(?=\/|$)/, "") || "/";
}

// Nothing has the focus (it fell back to the page when what held it was swapped out).
export function focusIsLost() {
  const a = document.activeElement;
  return !a || a === document.body || !document.contains(a);
}

// Which widgets have a request or a swap under way: from htmx:beforeRequest until the answer
// has settled (or the request failed and swapped nothing). Keys, typing and clicks that come
// meanwhile are held for the new form (keys.js, typing.js).
const busy = new Set();  // widget ids

export function begin(id) { busy.add(id); }
export function end(id) { busy.delete(id); }
export function isBusy(id) { return busy.has(id); }

// A lesson's table of contents: a sidebar on wide screens (opened here), a folded list on phones.
export function openWide() {
  if (!window.matchMedia("(min-width: 1100px)").matches) return;
  document.querySelectorAll("details[data-open-wide]").forEach((d) => { d.open = true; });
}
