// A live class's bar (classroom/_badge.html), on a projection or a lesson page of a browser that
// runs a class: asked for on arrival, then again every data-poll-ms with its ETag (304 while
// nothing changed). It goes at once when the class ends, says when another projection is shown,
// and keeps this tab's token (sessionStorage: the tab's own) once "Show this to the class" gave
// one. On a lesson page each widget the class could follow gets its own "Show this to the class".
// report.js reports the steps; this module keeps the bar.
import { presenting } from "./page.js";

export const TOKEN = "grundy-projection:";  // + the class's code: this tab's token, once shown
export const SHOWN = "grundy-projection-widget:";  // + the code: on a lesson page, "path#id" of the widget shown
export const live = { code: null, stopped: false, posts: 0 };  // posts: reports sent (a bar asked before one is stale)
let timer = null;
let afterBar = () => {};

export function kept(name) {
  try { return window.sessionStorage.getItem(name + live.code) || ""; } catch (e) { return ""; }
}

export function keep(name, value) {
  try {
    if (value) window.sessionStorage.setItem(name + live.code, value);
    else window.sessionStorage.removeItem(name + live.code);
  } catch (e) { /* storage refused: this tab cannot be shown, and reports nothing */ }
}

export function classUrl(what) {
  const prefix = (window.location.pathname.match(/^\/zh(?=\/)/) || [""])[0];
  return prefix + "/class/" + live.code + "/" + what;
}

export function barEl() { return document.querySelector("#class-badge [data-class-bar]"); }

export function shownWidget() {
  const [path, id] = kept(SHOWN).split("#");
  return path === window.location.pathname && id ? document.getElementById(id) : null;
}

// The bar, asked for on arrival and then every data-poll-ms; ``then`` runs after each new one.
export function askBar(then) {
  if (then) afterBar = then;
  window.clearTimeout(timer);
  const el = barEl();
  if (el && document.hidden) { schedule(); return; }  // a tab in the background asks nothing
  const asked = live.posts;
  const token = kept(TOKEN);  // a bar asked for with another token than this tab now keeps is stale
  window.fetch(el ? el.getAttribute("data-class-bar") : classUrl("bar"), {
    headers: { "If-None-Match": el ? el.getAttribute("data-tag") || "" : "", "X-Projection-Token": token },
    cache: "no-store", credentials: "same-origin"
  })
    .then((response) => (gone(response.status) || response.status === 304 || !response.ok ? null : response.text()))
    .then((html) => {
      if (!html || asked !== live.posts || token !== kept(TOKEN)) return;
      showBar(html);
      afterBar();  // the tab shown, loaded again or sent to another widget: its state, at once
    })
    .catch(() => { /* asked again at the next poll */ })
    .then(schedule);
}

function schedule() {
  window.clearTimeout(timer);
  const el = barEl();
  if (!el || live.stopped) return;
  timer = window.setTimeout(askBar, parseInt(el.getAttribute("data-poll-ms"), 10) || 1000);
}

// Ended, gone, or not this browser's: the bar goes at once, and nothing more is asked.
export function gone(status) {
  if (status !== 403 && status !== 404 && status !== 410) return false;
  live.stopped = true;
  window.clearTimeout(timer);
  keep(TOKEN, "");
  keep(SHOWN, "");
  document.cookie = "grundy_class=; Max-Age=0; path=/; SameSite=Lax";
  showBar("");
  return true;
}

export function showBar(html) {
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
export function markWidgets() {
  const el = barEl();
  if (!el || presenting) return;
  const names = (el.getAttribute("data-presentable") || "").split(" ");
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
    button.textContent = el.getAttribute(widget === shown ? "data-shown-label" : "data-show-label");
    button.disabled = widget === shown;
    widget.classList.toggle("is-shown-to-class", widget === shown);
  });
}
