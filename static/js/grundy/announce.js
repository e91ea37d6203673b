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
