// The language switch goes to the page the reader is on now (htmx may have changed the address
// since the page was made), at the section being read; the server wrote the same without the
// section. The widgets the reader changed go along (below). A first visit whose browser puts
// Chinese before English is offered the Chinese edition, once.
import { presenting, unprefixedPath, widgetOf } from "./page.js";

// The switch is in the header, at the top of the page: by the time it is clicked the reader has
// scrolled up to it. So the section is noted where the reader last stopped with the header out
// of sight (reading), and the switch's address says it from then on (so opening it in a new
// tab goes there too); a stop on the way up, with the header in sight, changes nothing.
let readingSection = null;
let restTimer = null;

function sectionInView() {
  // The last section heading at or above the top of the window: the section being read.
  let found = null;
  for (const heading of document.querySelectorAll("main h2[id], main h3[id]")) {
    if (heading.getBoundingClientRect().top > 96) break;
    found = heading.id;
  }
  return found;
}

function switchHref(prefix) {
  const path = unprefixedPath();
  const section = readingSection ? "#" + readingSection : window.location.hash;
  return prefix + (prefix && path === "/" ? "/" : path) + window.location.search + section;
}

function noteReading() {
  const header = document.querySelector(".site-header");
  if (header && header.getBoundingClientRect().bottom > 0) return;
  readingSection = sectionInView();
  document.querySelectorAll("a[data-switch-language]").forEach((link) => {
    link.href = switchHref(link.getAttribute("data-switch-language"));
  });
}

export function onScroll() {
  window.clearTimeout(restTimer);
  restTimer = window.setTimeout(noteReading, 800);
}

function rememberLanguage(code) {
  try { window.localStorage.setItem("grundy.language", code); } catch (e) { /* private mode */ }
}

export function onClick(event) {
  const link = event.target.closest && event.target.closest("[data-language-choice], a[data-switch-language]");
  if (!link) return;
  const prefix = link.getAttribute("data-switch-language");
  const choice = link.getAttribute("data-language-choice") || (prefix ? prefix.slice(1) : "en");
  rememberLanguage(choice);
  if (prefix === null) {  // "Stay in English": the line goes, and does not come back
    event.preventDefault();
    const line = link.closest("[data-language-suggestion]");
    if (line) line.hidden = true;
    return;
  }
  carry(unprefixedPath());
  link.href = switchHref(prefix);
}

export function suggestLanguage() {
  const line = document.querySelector("[data-language-suggestion]");
  if (!line) return;
  let chosen = null;
  try { chosen = window.localStorage.getItem("grundy.language"); } catch (e) { chosen = "en"; }
  if (chosen) return;
  const wanted = line.getAttribute("data-language-suggestion");
  const langs = window.navigator.languages || [window.navigator.language || ""];
  for (const lang of langs) {
    const code = String(lang).toLowerCase();
    if (code.indexOf(wanted) === 0) { line.hidden = false; return; }
    if (code.indexOf("en") === 0) return;
  }
}

// ---------------------------------------------------------------- widgets carried across
// A lesson's widgets keep no state in its address: the ones the reader changed are handed to
// the twin page in the other language (sessionStorage) and asked for again there, in its
// language (the twins' widgets have the same ids, a test holds their fences in step).

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
