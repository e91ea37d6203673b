// What the reader does while a widget's request is under way: typing, and actions.
//
// Typing across swaps (issue 24). A field typed in while the widget's request is under way would
// be lost when the answer replaces the form (a quick reader ticks "SG values", then types a new
// largest heap at once). What a field reads when the answer comes (its final value, however it
// got there: typed, deleted, pasted over, filled in) is put back into the new form, so the next
// Enter or "Show" applies it; the request itself already carried everything typed before it.
// The field the reader is in also keeps its caret and selection, so the keys that follow act on
// the new field as they would have on the old one: the new field's caret used to be at its start
// (or, with a value put back, at its end), so "12" selected whole and then typed over with 15
// read "1512" when the answer came between the select and the typing, as it can inside fill().
import { isBusy } from "./page.js";

const typed = {};    // widget id -> {field name: the control typed in}
const editing = {};  // widget id -> the text field the reader was in as the answer came, and its selection

// A new request carries everything typed so far.
export function forget(id) { delete typed[id]; }

export function onTyping(event) {
  const t = event.target;
  const w = t && t.name && t.closest ? t.closest(".widget") : null;
  if (w && w.id && isBusy(w.id) && t.type !== "hidden") (typed[w.id] = typed[w.id] || {})[t.name] = t;
}

function caretOf(field) {
  try {  // a box or a choice has no caret (null, or an error in older browsers)
    if (typeof field.selectionStart === "number") {
      return { start: field.selectionStart, end: field.selectionEnd, direction: field.selectionDirection || "none" };
    }
  } catch (e) { /* no caret */ }
  return null;
}

// Noted just before the answer replaces the widget (htmx swaps in the same task). The quiz
// card and the game board (not widgets) send the focus on to what comes next instead (focus.js).
export function noteCaret(event) {
  const w = event.detail && event.detail.target;
  if (!w || !w.id || !w.matches || !w.matches(".widget")) return;
  delete editing[w.id];
  const a = document.activeElement;
  const caret = a && a.name && a.type !== "hidden" && w.contains(a) ? caretOf(a) : null;
  if (caret) editing[w.id] = { field: a, caret: caret };
}

// The control in the new form that stands where `was` stood in the old one.
function twinOf(fresh, was) {
  const byId = was.id && document.getElementById(was.id);
  if (byId && fresh.contains(byId)) return byId;
  return Array.from(fresh.querySelectorAll("[name]")).find((now) => now.name === was.name && now.type === was.type) || null;
}

// Just after the swap: what was typed meanwhile goes into the new form, and the caret with it.
export function restoreTyping(event) {
  const w = event.detail && event.detail.target;
  if (!w || !w.id) return;
  const id = w.id;
  const fields = typed[id] || {};
  const edit = editing[id];
  const fresh = document.getElementById(id);
  delete typed[id];
  delete editing[id];
  if (!fresh) return;
  Object.keys(fields).forEach((name) => {
    const was = fields[name];
    fresh.querySelectorAll("[name]").forEach((now) => {
      if (now.name !== name || now.type === "hidden") return;
      if (now.type === "checkbox" || now.type === "radio") {
        if (now.value === was.value) now.checked = was.checked;
      } else if (now.value !== was.value) {
        now.value = was.value;
      }
    });
  });
  const now = edit && twinOf(fresh, edit.field);
  if (!now) return;
  const a = document.activeElement;
  if (a !== now && (!a || a === document.body || !document.contains(a))) now.focus({ preventScroll: true });
  // The same selection only over the same text: an answer that rewrote the field (a value the
  // server put in its own words) keeps the caret the browser gave it.
  if (document.activeElement === now && now.value === edit.field.value && now.setSelectionRange) {
    try { now.setSelectionRange(edit.caret.start, edit.caret.end, edit.caret.direction); } catch (e) { /* no caret */ }
  }
}

// ---------------------------------------------------------------- actions across swaps
// An action taken while the widget's request is under way (Enter in a field, a box ticked, a
// button pressed) waits for the answer and is then taken again on the new form, with what was
// typed meanwhile. htmx would otherwise abort the request under way ("this:replace"), and every
// abort is an error in the browser's console.
const deferred = {};  // widget id -> how to find the control that acted, in the new form

export function onConfirm(event) {
  const elt = event.detail && event.detail.elt;
  const w = elt && elt.closest ? elt.closest(".widget") : null;
  if (!w || !w.id || !isBusy(w.id)) return;
  event.preventDefault();
  const trigger = event.detail.triggeringEvent;
  const actor = trigger && trigger.submitter ? trigger.submitter : elt;
  deferred[w.id] = { id: actor.id || "", name: actor.name || "", value: actor.value || "", form: actor.tagName === "FORM" };
}

// The widget has settled: the action that waited for it is taken on the new form. The control is
// found by its id first: a board's buttons (a pin, a coin in a ring) carry the position after
// their move as their value, which a setting changed meanwhile ("A click takes") makes another,
// so their ids say where they stand; other buttons are found by name and value.
export function replay(fresh) {
  const action = deferred[fresh.id];
  delete deferred[fresh.id];
  if (!action) return;
  const actor = (action.id && document.getElementById(action.id)) ||
    (action.name && Array.from(fresh.querySelectorAll("[name]")).find((el) =>
      el.name === action.name && (el.type !== "submit" || el.value === action.value)));
  const form = fresh.querySelector("form");
  if (action.form || !actor) {
    if (form && form.requestSubmit) form.requestSubmit();
  } else if (actor.type === "submit") {
    if (!actor.disabled) actor.click();
  } else if (window.htmx) {
    window.htmx.trigger(actor, "change");  // a box or a choice that applies at once
  }
}
