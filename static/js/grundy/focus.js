// The keyboard focus across swaps (htmx replaces the control that had it, and the focus would
// fall back to the top of the page), and what a screen reader hears of a step.
import { focusIsLost, presenting } from "./page.js";

let focusKey = null;  // what had the focus before a swap: an id, or the step direction

export function noteFocus() {
  const a = document.activeElement;
  focusKey = null;
  if (a && a.closest && a.closest(".widget")) {
    focusKey = { id: a.id || null, step: (a.dataset && a.dataset.step) || null, widget: a.closest(".widget").id };
  }
}

// A swap settled (`fresh` is what it put in place, or null): if it replaced the widget that had
// the focus, the focus goes back to the control that had it, or the one standing in its place
// (a step button that is now disabled gives way to one that is not).
export function restoreFocus(fresh) {
  const key = focusKey;
  focusKey = null;
  const a = document.activeElement;
  if (!fresh || !key || key.widget !== fresh.id || (a && a !== document.body)) return;
  // Projected, the focus never falls back into the control strip: a focused control there
  // would keep the strip down over the widget (a clicked grid cell or hide switch has no
  // control to come back to, so the focus stays on the page).
  const again = (key.id && document.getElementById(key.id)) ||
    (key.step && fresh.querySelector('[data-step="' + key.step + '"]:not([disabled])')) ||
    (presenting ? null : fresh.querySelector(".stepper button:not([disabled]), .play-moves button:not([disabled]), button.apply"));
  if (again && !again.disabled) again.focus({ preventScroll: true });
}

// The quiz card and the game board are swapped whole after every answer or move; the focus
// goes to what the learner will want next.
export function focusNext(event) {
  const target = event.detail && event.detail.target;
  if (!target || (target.id !== "quiz-card" && target.id !== "play")) return;
  const fresh = document.getElementById(target.id);
  if (!fresh || !focusIsLost()) return;
  const next = fresh.querySelector("[data-focus]") || fresh.querySelector("#play-board button, #play-board a.button-link, .quiz-card button");
  if (next) next.focus({ preventScroll: true });
}

// ---------------------------------------------------------------- announcing steps
// Screen readers read a live region's changes, not a live region swapped in whole: the page's
// own #announcer (base.html, present.html) gets a stepper's step count and the step's words
// after every swap.
let announceTimer = null;

export function announce(widget) {
  const out = document.getElementById("announcer");
  if (!out || !widget.hasAttribute("data-stepper")) return;
  const parts = [];
  const count = widget.querySelector(".step-count");
  if (count) parts.push(count.textContent);
  widget.querySelectorAll("[aria-live]").forEach((live) => { parts.push(live.textContent); });
  const text = parts.join(". ").replace(/\s+/g, " ").trim();
  out.textContent = "";  // cleared first, so the same words twice are read twice
  window.clearTimeout(announceTimer);  // a quicker step replaces the one not yet read
  announceTimer = window.setTimeout(() => { out.textContent = text; }, 50);
}
