// The arrow keys step a stepper (a widget with data-stepper). They drive the stepper the reader
// last touched, while it is on screen; failing that, a stepper already in step mode that is
// wholly on screen. They never start one by themselves. Projected, PageUp/PageDown (a
// presentation clicker), Home and End step too; on other pages those keys scroll, as they should.
import { isBusy, isTyping, presenting } from "./page.js";

const KEYS = { ArrowRight: "next", ArrowLeft: "prev" };
export const PRESENT_KEYS = { ArrowRight: "next", ArrowLeft: "prev", PageDown: "next", PageUp: "prev", Home: "start", End: "all" };

let lastStepperId = null;
const pending = {};  // widget id -> key presses that arrived while it was busy, in order

function visibleFraction(el) {
  const r = el.getBoundingClientRect();
  const h = window.innerHeight || document.documentElement.clientHeight;
  const shown = Math.min(r.bottom, h) - Math.max(r.top, 0);
  return r.height > 0 ? Math.max(0, shown) / Math.min(r.height, h) : 0;
}

function activeStepper() {
  if (presenting) return document.querySelector("[data-stepper]");
  const last = lastStepperId && document.getElementById(lastStepperId);
  if (last && last.hasAttribute("data-stepper") && visibleFraction(last) > 0.5) return last;
  for (const w of document.querySelectorAll("[data-stepper][data-stepping]")) {
    if (visibleFraction(w) > 0.9) return w;
  }
  return null;
}

// A click or the focus in a stepper makes it the one the keys drive.
export function remember(event) {
  const w = event.target.closest && event.target.closest("[data-stepper]");
  if (w) lastStepperId = w.id;
}

function press(widget, dir) {
  // Projected, "next" on a widget that is not stepping yet starts it, so a clicker alone can
  // begin the reveal.
  if (presenting && dir === "next" && !widget.hasAttribute("data-stepping")) dir = "start";
  const button = widget.querySelector('[data-step="' + dir + '"]');
  if (!button || button.disabled) {
    // Nothing to do (past the last step, before the first): the press is dropped, and so are
    // the ones queued behind it, or they would replay later and undo the keys that follow.
    delete pending[widget.id];
    return;
  }
  button.click();
}

export function onKey(event) {
  const dir = (presenting ? PRESENT_KEYS : KEYS)[event.key];
  if (!dir || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (isTyping(event.target)) return;
  const w = activeStepper();
  if (!w) return;
  event.preventDefault();
  lastStepperId = w.id;
  // A swapped-in form is wired up by htmx only after it settles; a click before that would be
  // an ordinary form submission, leaving the page. So presses wait for the swap to settle.
  if (isBusy(w.id)) {
    (pending[w.id] = pending[w.id] || []).push(dir);
    if (pending[w.id].length > 50) pending[w.id].shift();
  } else {
    press(w, dir);
  }
}

// A step button clicked while its widget is busy would send the step the page still shows
// (each button carries the step it leads to), and the request in flight is replaced: two quick
// clicks on Next would take one step. Such a click waits, as a key press does, and is made on
// the widget the server sends back.
export function queueStepClick(event) {
  const button = event.target.closest && event.target.closest("button[data-step]");
  const w = button && button.closest("[data-stepper]");
  if (!w || !w.id || !isBusy(w.id)) return;
  event.preventDefault();
  (pending[w.id] = pending[w.id] || []).push(button.getAttribute("data-step"));
  if (pending[w.id].length > 50) pending[w.id].shift();
}

// The widget has settled: the next key press that waited for it is made.
export function pressQueued(fresh) {
  const queue = pending[fresh.id];
  if (queue && queue.length) press(fresh, queue.shift());
}
