// Grundy's script: draw plots, give steppers their keys, keep typing and the keyboard focus in
// place across swaps, carry a lesson's widgets to the other language, and the projection's and
// the live class's own controls. Everything else is htmx swapping HTML the server made.
//
// This module is the only one that listens: every event is heard here once, and handed to the
// parts that care, in the order written (a static test holds each event to one listener). Each
// part does nothing on a page that is not its own. Loaded as a module (deferred, so after
// htmx.min.js and plotly.js, before DOMContentLoaded), from a folder whose URL names the digest
// of all the modules together (grundy.web.assets.module_url): the relative imports between
// them are as fresh as the page, however long the browser keeps each file.
import * as countdown from "./countdown.js";
import * as focus from "./focus.js";
import * as keys from "./keys.js";
import * as language from "./language.js";
import * as live from "./live.js";
import * as page from "./page.js";
import { drawPlots } from "./plots.js";
import * as report from "./report.js";
import * as strip from "./strip.js";
import * as typing from "./typing.js";

document.documentElement.classList.add("js");

// ---------------------------------------------------------------- htmx, in the order it fires
document.addEventListener("htmx:confirm", typing.onConfirm);

document.addEventListener("htmx:beforeRequest", (event) => {
  const w = page.widgetOf(event);
  if (w && w.id) { page.begin(w.id); typing.forget(w.id); }
  live.stale();
});

document.addEventListener("htmx:afterRequest", (event) => {
  // A request that swapped nothing (an error, an abort) must not leave the widget busy.
  const w = page.widgetOf(event);
  if (w && w.id && !(event.detail && event.detail.successful)) page.end(w.id);
});

document.addEventListener("htmx:beforeSwap", (event) => {
  typing.noteCaret(event);
  focus.noteFocus();
});

document.addEventListener("htmx:afterSwap", (event) => {
  typing.restoreTyping(event);
  language.noteChanged(event);
  live.stale();
});

document.addEventListener("htmx:afterSettle", (event) => {
  const w = event.detail && event.detail.target;
  const fresh = w && w.id ? document.getElementById(w.id) : null;
  if (w && w.id) page.end(w.id);
  focus.restoreFocus(fresh);
  if (fresh) {
    focus.announce(fresh);
    typing.replay(fresh);
    keys.pressQueued(fresh);
  }
  focus.focusNext(event);
  report.report();
});

document.addEventListener("htmx:pushedIntoHistory", report.report);
document.addEventListener("htmx:historyRestore", report.report);

// ---------------------------------------------------------------- the reader's own doings
document.addEventListener("input", typing.onTyping);
document.addEventListener("change", typing.onTyping);
document.addEventListener("submit", live.confirmSubmit);

document.addEventListener("click", (event) => {
  language.onClick(event);
  keys.remember(event);
  keys.queueStepClick(event);
  strip.onClick(event);
  report.onClick(event);
});
document.addEventListener("focusin", keys.remember);

document.addEventListener("keydown", (event) => {
  keys.onKey(event);  // first: a step it takes is a key the strip then gets out of the way of
  strip.onKey(event);
});

document.addEventListener("mousemove", strip.wake, { passive: true });
document.addEventListener("visibilitychange", live.onVisible);
window.addEventListener("scroll", language.onScroll, { passive: true });
window.addEventListener("popstate", report.reportSoon);

// ---------------------------------------------------------------- start
function start() {
  page.openWide();
  language.suggestLanguage();
  if (window.htmx) window.htmx.onLoad(drawPlots);  // the page, then every fragment swapped in
  else drawPlots(document.body);
  language.restoreCarried();
  report.report();
  strip.start();
  live.schedule();
  countdown.start();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
