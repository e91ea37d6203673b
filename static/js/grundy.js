// Grundy's only script of its own: typeset math and give steppers their arrow keys.
// Everything else is htmx swapping HTML the server computed.
(function () {
  "use strict";

  var MATH_DELIMITERS = [
    { left: "\\(", right: "\\)", display: false },
    { left: "\\[", right: "\\]", display: true }
  ];

  function typeset(root) {
    if (typeof window.renderMathInElement !== "function") return;
    window.renderMathInElement(root, {
      delimiters: MATH_DELIMITERS,
      throwOnError: false,
      ignoredTags: ["script", "noscript", "style", "textarea", "pre", "code", "option", "select", "input"]
    });
  }

  // The stepper the arrow keys drive: the one the reader last touched, if it is still on the
  // page; otherwise the first one on screen.
  var lastStepperId = null;

  function onScreen(el) {
    var r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < (window.innerHeight || document.documentElement.clientHeight);
  }

  function activeStepper() {
    var last = lastStepperId && document.getElementById(lastStepperId);
    if (last && last.hasAttribute("data-stepper") && onScreen(last)) return last;
    var all = document.querySelectorAll("[data-stepper]");
    for (var i = 0; i < all.length; i++) if (onScreen(all[i])) return all[i];
    return null;
  }

  function remember(event) {
    var w = event.target.closest && event.target.closest("[data-stepper]");
    if (w) lastStepperId = w.id;
  }

  var KEYS = { ArrowRight: "next", ArrowLeft: "prev" };

  function onKey(event) {
    var dir = KEYS[event.key];
    if (!dir || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var t = event.target;
    if (t.closest && t.closest("input, select, textarea, [contenteditable]")) return;
    var w = activeStepper();
    if (!w) return;
    var button = w.querySelector('[data-step="' + dir + '"]');
    if (button && !button.disabled) {
      event.preventDefault();
      lastStepperId = w.id;
      button.click();
    }
  }

  document.addEventListener("click", remember);
  document.addEventListener("focusin", remember);
  document.addEventListener("keydown", onKey);

  // After a swap, keep the keyboard where it was: focus the same step button again.
  document.addEventListener("htmx:afterSwap", function (event) {
    var w = event.detail.target;
    if (!w || !w.id || !document.getElementById(w.id)) return;
    var fresh = document.getElementById(w.id);
    var was = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    var submitter = was && was.submitter;
    if (submitter && submitter.dataset && submitter.dataset.step) {
      var again = fresh.querySelector('[data-step="' + submitter.dataset.step + '"]');
      if (again && !again.disabled) again.focus({ preventScroll: true });
      else fresh.querySelector(".stepper button:not([disabled])")?.focus({ preventScroll: true });
    }
  });

  // The table of contents is a sidebar on wide screens (open) and a folded list on phones.
  function openWide() {
    if (!window.matchMedia("(min-width: 1100px)").matches) return;
    document.querySelectorAll("details[data-open-wide]").forEach(function (d) { d.open = true; });
  }

  function start() {
    openWide();
    if (window.htmx) {
      window.htmx.onLoad(typeset); // the page itself, then every fragment htmx swaps in
    } else {
      typeset(document.body);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
