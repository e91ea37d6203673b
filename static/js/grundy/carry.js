// A lesson's widgets keep no state in its address: the ones the reader changed are handed to
// the twin page in the other language (sessionStorage) and asked for again there, in its
// language (the twins' widgets have the same ids, a test holds their fences in step).
import { presenting, unprefixedPath, widgetOf } from "./page.js";

const CARRY = "grundy.carry";
const changedWidgets = {};  // id -> true: swapped at the reader's request since the page loaded

export function noteChanged(event) {
  const w = widgetOf(event);
  if (w && w.id && !presenting) changedWidgets[w.id] = true;
}

// Just before leaving `path` for its twin: the changed widgets' states, by the address of each
// one's own page (its "widget-link").
export function carry(path) {
  if (path.indexOf("/w/") === 0) return;  // a widget's own page has its state in its address
  const states = {};
  Object.keys(changedWidgets).forEach((id) => {
    const link = document.querySelector("#" + CSS.escape(id) + " > .widget-link a");
    const href = link && link.getAttribute("href");
    if (href) states[id] = href.split("?")[1] || "";
  });
  if (!Object.keys(states).length) return;
  try { window.sessionStorage.setItem(CARRY, JSON.stringify({ path: path, widgets: states })); } catch (e) { /* private mode */ }
}

// On arrival: the widgets handed over by the twin page are asked for again, here.
export function restoreCarried() {
  let saved = null;
  try {
    saved = JSON.parse(window.sessionStorage.getItem(CARRY) || "null");
    window.sessionStorage.removeItem(CARRY);
  } catch (e) { return; }
  if (!saved || saved.path !== unprefixedPath() || !window.htmx) return;
  Object.keys(saved.widgets).forEach((id) => {
    const widget = document.getElementById(id);
    const form = widget && widget.querySelector("form.widget-form");
    if (!form || widget.getAttribute("data-widget") === null) return;
    const query = new URLSearchParams(saved.widgets[id]);
    query.set("id", id);
    window.htmx.ajax("GET", form.getAttribute("action") + "?" + query.toString(), { target: widget, swap: "outerHTML" });
  });
}
