// A live class's projection reports what it shows. In a browser that runs a class (its code is in
// the grundy_class cookie; its key stays in the signed session cookie every request carries), a
// projection (/present/) or a lesson page shows the class bar (classbar.js). Phones follow only
// the projection shown with the bar's "Show this to the class": showing gives this tab a token,
// and each step it shows is then reported with it (classroom.projection's follow_view). Another
// tab, previewing the next widget, has no token and reports nothing. On a lesson page, the
// widget shown reports its steps as a projection does.
import { presenting } from "./page.js";
import { SHOWN, TOKEN, askBar, barEl, classUrl, gone, keep, kept, live, markWidgets, showBar, shownWidget } from "./classbar.js";

let reported = null;
// One report on its way at a time. Two steps taken in quick succession (→ pressed twice) would
// otherwise race: their posts travel separately and the server may store the older last, leaving
// the phones a step behind the projector. A state shown while a report is out waits here (only the
// newest: the phones follow the latest step) and is sent when the answer is back.
let sending = false;
let waiting = null;

function classCode() {
  const found = document.cookie.match(/(?:^|;\s*)grundy_class=([A-Z0-9]{6})(?:;|$)/);
  return found ? found[1] : null;
}

// A lesson page with a widget that can be projected (the bar's data-presentable names them).
function lessonPage() { return !presenting && !!document.querySelector("body.lesson-page [data-widget]"); }

// What this page shows the class: the projection's address, or the shown lesson widget's own link.
function state() {
  if (presenting) return window.location.pathname + window.location.search;
  const widget = shownWidget();
  const link = widget && widget.querySelector(":scope > .widget-link a");
  return link ? link.getAttribute("href") : null;
}

// On load, and after every step (a swap, the browser's back or forward).
export function report() {
  if (live.stopped || !(presenting || lessonPage())) return;
  live.code = classCode();
  if (!live.code) return;
  if (!barEl()) { askBar(report); return; }
  markWidgets();
  const here = state();
  if (!here || !kept(TOKEN) || here === reported) return;
  reported = here;
  post(here, false);
}

// After the browser's back or forward button, once the address has changed.
export function reportSoon() {
  if (presenting) window.setTimeout(report, 0);
}

// "Show this to the class": this projection (or this lesson widget) drives the phones from now on.
export function onClick(event) {
  const button = event.target.closest && event.target.closest("[data-show-class]");
  if (!button || !live.code) return;
  const widget = button.closest("[data-widget]");
  if (widget && !presenting) keep(SHOWN, window.location.pathname + "#" + widget.id);
  const here = state();
  if (!here) return;
  reported = here;
  post(here, true);
}

function post(here, show) {
  if (sending) {
    waiting = { here, show: show || (waiting !== null && waiting.show) };
    return;
  }
  sending = true;
  live.posts++;
  const form = new URLSearchParams();
  form.set("url", here);
  if (show) form.set("show", "1");
  // the session's token (grundy.web.csrf): this page is the same for everyone and carries none,
  // so it is read from the cookie only this site's pages can read
  const csrf = (document.cookie.match(/(?:^|;\s*)grundy_csrf=([^;]+)/) || [null, ""])[1];
  window.fetch(classUrl("view"), {
    method: "POST", body: form, credentials: "same-origin",
    headers: { "X-CSRF-Token": csrf, "X-Projection-Token": kept(TOKEN) }
  })
    .then((response) => {
      if (gone(response.status)) return null;
      if (response.status === 409) keep(TOKEN, "");  // another projection was shown since
      return response.ok || response.status === 409 ? response.text() : null;
    })
    .then((html) => { if (html) showBar(html); })
    .catch(() => { reported = null; })  // tried again on the next step
    .finally(() => {
      sending = false;
      const next = waiting;
      waiting = null;
      if (next) post(next.here, next.show);  // with the token this answer may have brought
    });
}
