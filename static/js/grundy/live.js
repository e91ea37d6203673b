// A live class (/class/…): the page's live part ([data-live]) asks the server every
// data-poll-ms whether the class changed, sending the ETag of what it shows; the server answers
// 304 until it did. A changed answer replaces only the parts ([data-part]) whose key changed, so
// an answer being typed stays while the projector steps (figures are drawn by plots.js, which
// hears of each new part as it hears of htmx's). Without the script the page is plain forms and
// a Refresh link. On a page with no live part every export does nothing.
let generation = 0;  // bumped by every swap htmx makes here: a poll sent before it is stale
let timer = null;
let failures = 0;
let stopped = false;  // the class is over (404) or not ours (403): asking again would not help

function live() { return document.querySelector("[data-live]"); }

// htmx is changing the page: an answer to a poll sent before now may be out of date.
export function stale() { generation++; }

export function schedule() {
  const el = live();
  if (!el || stopped) return;
  const every = parseInt(el.getAttribute("data-poll-ms"), 10) || 500;
  window.clearTimeout(timer);
  // A server that does not answer is asked less often, up to every 8 seconds.
  timer = window.setTimeout(tick, Math.min(every * Math.pow(2, failures), 8000));
}

function tick() {
  const el = live();
  if (!el) return;
  if (document.hidden) { schedule(); return; }  // a phone in a pocket asks nothing
  const sent = generation;
  window.fetch(el.getAttribute("data-live"), {
    headers: { "If-None-Match": el.getAttribute("data-tag") || "", "HX-Request": "true" },
    cache: "no-store", credentials: "same-origin"
  }).then((response) => {
    if (response.status === 304) { failures = 0; return null; }
    if (response.status === 404) { stopped = true; return null; }
    // refused (not ours, the class closed to new students, too many joins from this network):
    // the page itself says why, so it is loaded again once
    if (response.status === 403 || response.status === 429) { stopped = true; window.location.reload(); return null; }
    if (!response.ok) { failures = Math.min(failures + 1, 4); return null; }
    failures = 0;
    return response.text();
  }).then((html) => {
    if (html && sent === generation) apply(html);
  }).catch(() => {
    failures = Math.min(failures + 1, 4);
  }).then(schedule);
}

function apply(html) {
  const holder = document.createElement("template");
  holder.innerHTML = html;
  const fresh = holder.content.querySelector("[data-live]");
  const el = live();
  if (!fresh || !el) return;
  const pollBefore = pollKey(el);
  el.setAttribute("data-tag", fresh.getAttribute("data-tag") || "");
  const oldParts = el.querySelectorAll(":scope > [data-part]");
  const newParts = fresh.querySelectorAll(":scope > [data-part]");
  if (oldParts.length !== newParts.length) {
    el.replaceWith(fresh);
    process(fresh);
  } else {
    for (let i = 0; i < newParts.length; i++) {
      if (oldParts[i].getAttribute("data-part") !== newParts[i].getAttribute("data-part")) {
        oldParts[i].replaceWith(newParts[i]);
        process(newParts[i]);
      }
    }
  }
  showNews(pollBefore);
}

function pollPart(el) { return el && el.querySelector(':scope > [data-part^="poll:"]'); }

function pollKey(el) {
  const part = pollPart(el);
  return part ? part.getAttribute("data-part") : null;
}

// A question asked, or its answer revealed, while a student had scrolled down (a long widget
// on a phone, or their own copy) is brought into view: the class is waiting for it.
function showNews(before) {
  const part = pollPart(live());
  if (!part || part.getAttribute("data-part") === before) return;
  if (!part.querySelector("form.class-answer, .feedback")) return;
  const box = part.getBoundingClientRect();
  if (box.top >= 0 && box.top < window.innerHeight * 0.5) return;
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  part.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
}

function process(el) {
  if (!window.htmx) return;
  window.htmx.process(el);  // wires its forms
  window.htmx.trigger(el, "htmx:load", { elt: el });  // what htmx says of content it swaps in: plots.js draws its plots
}

// A form that cannot be undone asks first (without the script it is sent as it is).
export function confirmSubmit(event) {
  const question = event.target.getAttribute && event.target.getAttribute("data-confirm");
  if (question && !window.confirm(question)) event.preventDefault();
}

// Back in view (a phone taken out of a pocket): asked at once.
export function onVisible() { if (!document.hidden) tick(); }
