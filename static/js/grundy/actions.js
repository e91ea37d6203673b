// An action taken while the widget's request is under way (Enter in a field, a box ticked, a
// button pressed) waits for the answer and is then taken again on the new form, with what was
// typed meanwhile. htmx would otherwise abort the request under way ("this:replace"), and every
// abort is an error in the browser's console.
import { isBusy } from "./busy.js";

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

// The widget has settled: the action that waited for it is taken on the new form.
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
