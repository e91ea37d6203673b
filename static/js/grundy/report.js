// A live class's projection. In a browser that runs a class (its code is in the grundy_class
// cookie; its key stays in the signed session cookie every request carries), a projection
// (/present/) or a lesson page shows the class bar (classroom/_badge.html): the code, the QR
// code, the way back to the console, and "Show this to the class". Phones follow only the
// projection shown that way: showing gives this tab a token (kept in sessionStorage, which is
// the tab's own), and each step it shows is then reported with it (classroom.projection's
// follow_view). Another tab, previewing the next widget, has no token and reports nothing.
// On a lesson page each widget that can be projected gets its own "Show this to the class",
// and its steps are reported as the projection's are. The bar asks again every data-poll-ms:
// it goes as soon as the class ends, and says so when another projection is shown.
import { presenting } from "./page.js";

const TOKEN = "grundy-projection:";  // + the class's code: this tab's token, once shown
const SHOWN = "grundy-projection-widget:";  // + the code: on a lesson page, "path#id" of the widget shown
let code = null;
let reported = null;
let timer = null;
let stopped = false;  // the class is over, or not this browser's: nothing more is asked
let posts = 0;  // reports sent: a bar asked for before the last one may be out of date (its token too)

function classCode() {
  const found = document.cookie.match(/(?:^|;\s*)grundy_class=([A-Z0-9]{6})(?:;|$)/);
  return found ? found[1] : null;
}

function kept(name) {
  try { return window.sessionStorage.getItem(name + code) || ""; } catch (e) { return ""; }
}

function keep(name, value) {
  try {
    if (value) window.sessionStorage.setItem(name + code, value);
    else window.sessionStorage.removeItem(name + code);
  } catch (e) { /* storage refused: this tab cannot be shown, and reports nothing */ }
}

function prefix() { return (window.location.pathname.match(/^\/zh(?=\/)/) || [""])[0]; }

function classUrl(what) { return prefix() + "/class/" + code + "/" + what; }

// A lesson page with a widget that can be projected (the bar's data-presentable names them).
function lessonPage() { return !presenting && !!document.querySelector("body.lesson-page [data-widget]"); }

function barEl() { return document.querySelector("#class-badge [data-class-bar]"); }

// What this page shows the class: the projection's address, or the shown lesson widget's own link.
function state() {
  if (presenting) return window.location.pathname + window.location.search;
  const widget = shownWidget();
  const link = widget && widget.querySelector(":scope > .widget-link a");
  return link ? link.getAttribute("href") : null;
}

function shownWidget() {
  const [path, id] = kept(SHOWN).split("#");
  return path === window.location.pathname && id ? document.getElementById(id) : null;
}

// On load, and after every step (a swap, the browser's back or forward).
export function report() {
  if (stopped || !(presenting || lessonPage())) return;
  code = classCode();
  if (!code) return;
  if (!barEl()) { askBar(); return; }
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
  if (!button || !code) return;
  const widget = button.closest("[data-widget]");
  if (widget && !presenting) keep(SHOWN, window.location.pathname + "#" + widget.id);
  const here = state();
  if (!here) return;
  reported = here;
  post(here, true);
}

function post(here, show) {
  posts++;
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
    .catch(() => { reported = null; });  // tried again on the next step
}

// The bar, asked for on arrival and then every data-poll-ms: 304 while nothing changed.
function askBar() {
  window.clearTimeout(timer);
  const el = barEl();
  if (el && document.hidden) { schedule(); return; }  // a tab in the background asks nothing
  const asked = posts;
  window.fetch(el ? el.getAttribute("data-class-bar") : classUrl("bar"), {
    headers: { "If-None-Match": el ? el.getAttribute("data-tag") || "" : "", "X-Projection-Token": kept(TOKEN) },
    cache: "no-store", credentials: "same-origin"
  })
    .then((response) => {
      if (gone(response.status) || response.status === 304 || !response.ok) return null;
      return response.text();
    })
    .then((html) => {
      if (!html || asked !== posts) return;
      showBar(html);
      report();  // the tab shown, loaded again or sent to another widget: its state, at once
    })
    .catch(() => { /* asked again at the next poll */ })
    .then(schedule);
}

function schedule() {
  window.clearTimeout(timer);
  const el = barEl();
  if (!el || stopped) return;
  timer = window.setTimeout(askBar, parseInt(el.getAttribute("data-poll-ms"), 10) || 1000);
}

// Ended, gone, or not this browser's: the bar goes at once, and nothing more is asked.
function gone(status) {
  if (status !== 403 && status !== 404 && status !== 410) return false;
  stopped = true;
  window.clearTimeout(timer);
  keep(TOKEN, "");
  keep(SHOWN, "");
  document.cookie = "grundy_class=; Max-Age=0; path=/; SameSite=Lax";
  showBar("");
  return true;
}

function showBar(html) {
  let badge = document.getElementById("class-badge");
  if (!badge) {
    badge = document.createElement("div");
    badge.id = "class-badge";
    document.body.appendChild(badge);
  }
  const wasOpen = !!badge.querySelector("details[open]");  // the QR code stays shown across steps
  badge.innerHTML = html;  // the site's own fragment (classroom/_badge.html)
  const details = badge.querySelector("details");
  if (details && wasOpen) details.open = true;
  badge.hidden = !html;
  document.body.classList.toggle("in-class", !!html);  // the strip's "Start a live class" goes while one runs
  const el = barEl();
  const token = el && el.getAttribute("data-projection-token");
  if (token) keep(TOKEN, token);
  if (el && !el.classList.contains("is-here")) keep(TOKEN, "");  // not (or no longer) the projection shown
  markWidgets();
}

// A lesson page: each widget the class could follow offers "Show this to the class" under it,
// and the one shown says so (the buttons are made again after each swap of their widget).
function markWidgets() {
  const el = barEl();
  if (!el || presenting) return;
  const names = (el.getAttribute("data-presentable") || "").split(" ");
  const showLabel = el.getAttribute("data-show-label");
  const shownLabel = el.getAttribute("data-shown-label");
  const shown = el.classList.contains("is-here") ? shownWidget() : null;
  document.querySelectorAll("body.lesson-page [data-widget]").forEach((widget) => {
    const line = widget.querySelector(":scope > .widget-link");
    if (!line || names.indexOf(widget.getAttribute("data-widget")) < 0) return;
    let button = line.querySelector("[data-show-class]");
    if (!button) {
      button = document.createElement("button");
      button.type = "button";
      button.className = "class-show-widget";
      button.setAttribute("data-show-class", "");
      line.appendChild(button);
    }
    button.textContent = widget === shown ? shownLabel : showLabel;
    button.disabled = widget === shown;
    widget.classList.toggle("is-shown-to-class", widget === shown);
  });
}
