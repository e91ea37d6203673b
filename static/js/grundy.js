// Grundy's script: draw plots, give steppers their arrow keys, and keep the keyboard focus in
// place across swaps. Everything else is htmx swapping HTML the server made. (The projection
// view adds present.js for its control strip; its stepping keys are here, with the others.)
(function () {
  "use strict";

  document.documentElement.classList.add("js");

  // A projected widget (/present/) owns the whole screen: the keys always drive it, and the
  // keys a presentation clicker sends (PageUp/PageDown) step it too.
  var presenting = !!(document.body && document.body.hasAttribute("data-present"));

  // Plotly figures arrive as JSON in data-figure (built by plotly.py on the server).
  function drawPlots(root) {
    if (!root.querySelectorAll) return;
    var plots = root.matches && root.matches("[data-figure]") ? [root] : root.querySelectorAll("[data-figure]");
    if (!plots.length) return;
    if (!window.Plotly) {  // a figure swapped into a page that came without one (a live class's reveal)
      loadPlotly().then(function () { if (window.Plotly) drawPlots(root); });
      return;
    }
    Array.prototype.forEach.call(plots, function (el) {
      var figure = JSON.parse(el.getAttribute("data-figure"));
      if (presenting) enlarge(figure);
      window.Plotly.newPlot(el, figure.data, figure.layout, {
        responsive: true, displaylogo: false, modeBarButtonsToRemove: ["select2d", "lasso2d", "toImage"],
        // the toolbar's words in the page's language (its locale script is loaded beside plotly.js)
        locale: document.documentElement.getAttribute("data-plotly-locale") || "en"
      });
    });
  }

  // plotly.js and its words in the page's language, loaded once, in order (<html data-plotly-src>).
  var plotlyLoading = null;
  function loadPlotly() {
    if (!plotlyLoading) {
      var root = document.documentElement;
      var sources = [root.getAttribute("data-plotly-src"), root.getAttribute("data-plotly-locale-src")].filter(Boolean);
      plotlyLoading = sources.reduce(function (chain, src) {
        return chain.then(function () {
          return new Promise(function (resolve) {
            var script = document.createElement("script");
            script.src = src;
            script.onload = resolve;
            script.onerror = resolve;  // no figure then, as with JavaScript off
            document.head.appendChild(script);
          });
        });
      }, Promise.resolve());
    }
    return plotlyLoading;
  }

  // Projected, a plot fills the room present.css gives it, with type and markers readable from
  // the back of a class.
  function enlarge(figure) {
    var layout = figure.layout;
    delete layout.height;
    layout.autosize = true;
    // Type at 2.7% of the screen's height: 29px at 1080p, like the page's legend (present.css).
    var size = Math.max(18, Math.round(window.innerHeight * 0.027));
    layout.font = Object.assign({}, layout.font, { size: size });
    // The legend goes above the plot, clear of the axis title the larger type pushes down.
    layout.legend = Object.assign({}, layout.legend, { font: { size: size }, y: 1.01, yanchor: "bottom" });
    layout.margin = { l: Math.round(size * 2.8), r: 20, t: Math.round(size * 1.6), b: Math.round(size * 2.6) };
    figure.data.forEach(function (trace) {
      if (trace.marker && trace.marker.size) trace.marker.size = Math.round(trace.marker.size * 1.8);
      if (trace.line && trace.line.width) trace.line.width = trace.line.width * 2;
    });
  }

  function onContent(root) {
    drawPlots(root);
  }

  // ------------------------------------------------------------------ arrow keys
  // The keys drive the stepper the reader last touched, while it is on screen; failing that, a
  // stepper already in step mode that is wholly on screen. They never start one by themselves.
  var lastStepperId = null;
  var busy = {};      // widget id -> a request or swap is under way
  var pending = {};   // widget id -> key presses that arrived meanwhile, in order

  function visibleFraction(el) {
    var r = el.getBoundingClientRect();
    var h = window.innerHeight || document.documentElement.clientHeight;
    var shown = Math.min(r.bottom, h) - Math.max(r.top, 0);
    return r.height > 0 ? Math.max(0, shown) / Math.min(r.height, h) : 0;
  }

  function activeStepper() {
    if (presenting) return document.querySelector("[data-stepper]");
    var last = lastStepperId && document.getElementById(lastStepperId);
    if (last && last.hasAttribute("data-stepper") && visibleFraction(last) > 0.5) return last;
    var all = document.querySelectorAll("[data-stepper][data-stepping]");
    for (var i = 0; i < all.length; i++) if (visibleFraction(all[i]) > 0.9) return all[i];
    return null;
  }

  function remember(event) {
    var w = event.target.closest && event.target.closest("[data-stepper]");
    if (w) lastStepperId = w.id;
  }

  function press(widget, dir) {
    // Projected, "next" on a widget that is not stepping yet starts it, so a clicker alone can
    // begin the reveal.
    if (presenting && dir === "next" && !widget.hasAttribute("data-stepping")) dir = "start";
    var button = widget.querySelector('[data-step="' + dir + '"]');
    if (!button || button.disabled) {
      // Nothing to do (past the last step, before the first): the press is dropped, and so are
      // the ones queued behind it, or they would replay later and undo the keys that follow.
      delete pending[widget.id];
      return;
    }
    button.click();
  }

  var KEYS = { ArrowRight: "next", ArrowLeft: "prev" };
  // On other pages these keys scroll, as they should.
  var PRESENT_KEYS = { ArrowRight: "next", ArrowLeft: "prev", PageDown: "next", PageUp: "prev", Home: "start", End: "all" };

  function onKey(event) {
    var dir = (presenting ? PRESENT_KEYS : KEYS)[event.key];
    if (!dir || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var t = event.target;
    if (t.closest && t.closest("input, select, textarea, [contenteditable]")) return;
    var w = activeStepper();
    if (!w) return;
    event.preventDefault();
    lastStepperId = w.id;
    // A swapped-in form is wired up by htmx only after it settles; a click before that would be
    // an ordinary form submission, leaving the page. So presses wait for the swap to settle.
    if (busy[w.id]) {
      (pending[w.id] = pending[w.id] || []).push(dir);
      if (pending[w.id].length > 50) pending[w.id].shift();
    } else {
      press(w, dir);
    }
  }

  function widgetOf(event) {
    var el = event.detail && (event.detail.target || event.detail.elt);
    return el && el.closest ? el.closest(".widget") : null;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var w = widgetOf(event);
    if (w && w.id) { busy[w.id] = true; delete typed[w.id]; }
  });

  // ------------------------------------------------------------------ typing across swaps
  // A field typed in while the widget's request is under way would be lost when the answer
  // replaces the form (a quick reader ticks "SG values", then types a new largest heap at once).
  // What a field reads when the answer comes (its final value, however it got there: typed,
  // deleted, pasted over, filled in) is put back into the new form, so the next Enter or "Show"
  // applies it; the request itself already carried everything typed before it. The field the
  // reader is in also keeps its caret and selection, so the keys that follow act on the new
  // field as they would have on the old one: the new field's caret used to be at its start (or,
  // with a value put back, at its end), so "12" selected whole and then typed over with 15 read
  // "1512" when the answer came between the select and the typing, as it can inside fill().
  var typed = {};     // widget id -> {field name: the control typed in}
  var editing = {};   // widget id -> the text field the reader was in as the answer came, and its selection

  function onTyping(event) {
    var t = event.target;
    var w = t && t.name && t.closest ? t.closest(".widget") : null;
    if (w && w.id && busy[w.id] && t.type !== "hidden") (typed[w.id] = typed[w.id] || {})[t.name] = t;
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
  // card and the game board (not widgets) send the focus on to what comes next instead.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var w = event.detail && event.detail.target;
    if (!w || !w.id || !w.matches || !w.matches(".widget")) return;
    delete editing[w.id];
    var a = document.activeElement;
    var caret = a && a.name && a.type !== "hidden" && w.contains(a) ? caretOf(a) : null;
    if (caret) editing[w.id] = { field: a, caret: caret };
  });

  // The control in the new form that stands where `was` stood in the old one.
  function twinOf(fresh, was) {
    var byId = was.id && document.getElementById(was.id);
    if (byId && fresh.contains(byId)) return byId;
    return Array.prototype.find.call(fresh.querySelectorAll("[name]"), function (now) {
      return now.name === was.name && now.type === was.type;
    }) || null;
  }

  function restoreTyping(id) {
    var fields = typed[id] || {};
    var edit = editing[id];
    var fresh = document.getElementById(id);
    delete typed[id];
    delete editing[id];
    if (!fresh) return;
    Object.keys(fields).forEach(function (name) {
      var was = fields[name];
      fresh.querySelectorAll("[name]").forEach(function (now) {
        if (now.name !== name || now.type === "hidden") return;
        if (now.type === "checkbox" || now.type === "radio") {
          if (now.value === was.value) now.checked = was.checked;
        } else if (now.value !== was.value) {
          now.value = was.value;
        }
      });
    });
    var now = edit && twinOf(fresh, edit.field);
    if (!now) return;
    var a = document.activeElement;
    if (a !== now && (!a || a === document.body || !document.contains(a))) now.focus({ preventScroll: true });
    // The same selection only over the same text: an answer that rewrote the field (a value the
    // server put in its own words) keeps the caret the browser gave it.
    if (document.activeElement === now && now.value === edit.field.value && now.setSelectionRange) {
      try { now.setSelectionRange(edit.caret.start, edit.caret.end, edit.caret.direction); } catch (e) { /* no caret */ }
    }
  }

  // An action taken while the widget's request is under way (Enter in a field, a box ticked, a
  // button pressed) waits for the answer and is then taken again on the new form, with what was
  // typed meanwhile. htmx would otherwise abort the request under way ("this:replace"), and
  // every abort is an error in the browser's console.
  var deferred = {};  // widget id -> how to find the control that acted, in the new form

  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail && event.detail.elt;
    var w = elt && elt.closest ? elt.closest(".widget") : null;
    if (!w || !w.id || !busy[w.id]) return;
    event.preventDefault();
    var trigger = event.detail.triggeringEvent;
    var actor = trigger && trigger.submitter ? trigger.submitter : elt;
    deferred[w.id] = { id: actor.id || "", name: actor.name || "", value: actor.value || "", form: actor.tagName === "FORM" };
  });

  function replay(fresh) {
    var action = deferred[fresh.id];
    delete deferred[fresh.id];
    if (!action) return;
    var actor = (action.id && document.getElementById(action.id)) ||
      (action.name && Array.prototype.find.call(fresh.querySelectorAll("[name]"), function (el) {
        return el.name === action.name && (el.type !== "submit" || el.value === action.value);
      }));
    var form = fresh.querySelector("form");
    if (action.form || !actor) {
      if (form && form.requestSubmit) form.requestSubmit();
    } else if (actor.type === "submit") {
      if (!actor.disabled) actor.click();
    } else if (window.htmx) {
      window.htmx.trigger(actor, "change");  // a box or a choice that applies at once
    }
  }

  document.addEventListener("input", onTyping);
  document.addEventListener("change", onTyping);

  document.addEventListener("htmx:afterSwap", function (event) {
    var w = event.detail && event.detail.target;
    if (w && w.id) restoreTyping(w.id);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    // A request that swapped nothing (an error, an abort) must not leave the widget busy.
    var w = widgetOf(event);
    if (w && w.id && !(event.detail && event.detail.successful)) busy[w.id] = false;
  });

  // ------------------------------------------------------------------ focus across swaps
  var focusKey = null; // what had the focus before a swap: an id, or the step direction

  document.addEventListener("htmx:beforeSwap", function () {
    var a = document.activeElement;
    focusKey = null;
    if (a && a.closest && a.closest(".widget")) {
      focusKey = { id: a.id || null, step: (a.dataset && a.dataset.step) || null, widget: a.closest(".widget").id };
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var w = event.detail && event.detail.target;
    if (!w || !w.id) return;
    var fresh = document.getElementById(w.id);
    busy[w.id] = false;
    if (fresh && focusKey && focusKey.widget === w.id && (!document.activeElement || document.activeElement === document.body)) {
      // Projected, the focus never falls back into the control strip: a focused control there
      // would keep the strip down over the widget (a clicked grid cell or hide switch has no
      // control to come back to, so the focus stays on the page).
      var again = (focusKey.id && document.getElementById(focusKey.id)) ||
        (focusKey.step && fresh.querySelector('[data-step="' + focusKey.step + '"]:not([disabled])')) ||
        (presenting ? null : fresh.querySelector(".stepper button:not([disabled]), .play-moves button:not([disabled]), button.apply"));
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
    focusKey = null;
    if (fresh && fresh.hasAttribute("data-stepper")) announce(fresh);
    if (fresh) replay(fresh);
    var queue = fresh && pending[w.id];
    if (queue && queue.length) press(fresh, queue.shift());
  });

  // ------------------------------------------------------------------ announcing steps
  // Screen readers read a live region's changes, not a live region swapped in whole: the page's
  // own #announcer (base.html) gets the step count and the step's words after every swap.
  var announceTimer = null;
  function announce(widget) {
    var out = document.getElementById("announcer");
    if (!out) return;
    var parts = [];
    var count = widget.querySelector(".step-count");
    if (count) parts.push(count.textContent);
    widget.querySelectorAll("[aria-live]").forEach(function (live) { parts.push(live.textContent); });
    var text = parts.join(". ").replace(/\s+/g, " ").trim();
    out.textContent = "";  // cleared first, so the same words twice are read twice
    window.clearTimeout(announceTimer);  // a quicker step replaces the one not yet read
    announceTimer = window.setTimeout(function () { out.textContent = text; }, 50);
  }

  // The quiz card and the game board are swapped whole after every answer or move; the focus
  // would fall back to the top of the page, so it goes to what the learner will want next.
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || (target.id !== "quiz-card" && target.id !== "play")) return;
    var fresh = document.getElementById(target.id);
    var a = document.activeElement;
    if (!fresh || (a && a !== document.body && document.contains(a))) return;
    var next = fresh.querySelector("[data-focus]") || fresh.querySelector("#play-board button, #play-board a.button-link, .quiz-card button");
    if (next) next.focus({ preventScroll: true });
  });

  // ------------------------------------------------------------------ language
  // The switch goes to the page the reader is on now (htmx may have changed the address since
  // the page was made), at the section being read; the server wrote the same without the
  // section. A lesson's widgets keep no state in its address: the ones the reader changed are
  // handed to the twin page (sessionStorage) and asked for again there, in its language (the
  // twins' widgets have the same ids, a test holds their fences in step).
  var changedWidgets = {};  // id -> true: swapped at the reader's request since the page loaded
  var CARRY = "grundy.carry";

  document.addEventListener("htmx:afterSwap", function (event) {
    var w = widgetOf(event);
    if (w && w.id && !presenting) changedWidgets[w.id] = true;
  });

  function sectionInView() {
    // The last section heading at or above the top of the window: the section being read.
    var found = null;
    var headings = document.querySelectorAll("main h2[id], main h3[id]");
    for (var i = 0; i < headings.length; i++) {
      if (headings[i].getBoundingClientRect().top > 96) break;
      found = headings[i].id;
    }
    return found;
  }

  // The switch is in the header, at the top of the page: by the time it is clicked the reader has
  // scrolled up to it. So the section is noted where the reader last stopped with the header out
  // of sight (reading), and the switch's address says it from then on (so opening it in a new
  // tab goes there too); a stop on the way up, with the header in sight, changes nothing.
  var readingSection = null;
  var restTimer = null;

  function unprefixedPath() {
    return window.location.pathname.replace(/^\/zh(?=\/|$)/, "") || "/";
  }

  function switchHref(prefix) {
    var path = unprefixedPath();
    var section = readingSection ? "#" + readingSection : window.location.hash;
    return prefix + (prefix && path === "/" ? "/" : path) + window.location.search + section;
  }

  function noteReading() {
    var header = document.querySelector(".site-header");
    if (header && header.getBoundingClientRect().bottom > 0) return;
    readingSection = sectionInView();
    document.querySelectorAll("a[data-switch-language]").forEach(function (link) {
      link.href = switchHref(link.getAttribute("data-switch-language"));
    });
  }

  window.addEventListener("scroll", function () {
    window.clearTimeout(restTimer);
    restTimer = window.setTimeout(noteReading, 800);
  }, { passive: true });

  function carry(path) {
    if (path.indexOf("/w/") === 0) return;  // a widget's own page has its state in its address
    var states = {};
    Object.keys(changedWidgets).forEach(function (id) {
      var link = document.querySelector("#" + CSS.escape(id) + " > .widget-link a");
      var href = link && link.getAttribute("href");
      if (href) states[id] = href.split("?")[1] || "";
    });
    if (!Object.keys(states).length) return;
    try { window.sessionStorage.setItem(CARRY, JSON.stringify({ path: path, widgets: states })); } catch (e) { /* private mode */ }
  }

  function restoreCarried() {
    var saved = null;
    try {
      saved = JSON.parse(window.sessionStorage.getItem(CARRY) || "null");
      window.sessionStorage.removeItem(CARRY);
    } catch (e) { return; }
    if (!saved || saved.path !== unprefixedPath() || !window.htmx) return;
    Object.keys(saved.widgets).forEach(function (id) {
      var widget = document.getElementById(id);
      var form = widget && widget.querySelector("form.widget-form");
      if (!form || widget.getAttribute("data-widget") === null) return;
      var query = new URLSearchParams(saved.widgets[id]);
      query.set("id", id);
      window.htmx.ajax("GET", form.getAttribute("action") + "?" + query.toString(), { target: widget, swap: "outerHTML" });
    });
  }

  function rememberLanguage(code) {
    try { window.localStorage.setItem("grundy.language", code); } catch (e) { /* private mode */ }
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-language-choice], a[data-switch-language]");
    if (!link) return;
    var prefix = link.getAttribute("data-switch-language");
    var choice = link.getAttribute("data-language-choice") || (prefix ? prefix.slice(1) : "en");
    rememberLanguage(choice);
    if (prefix === null) {  // "Stay in English": the line goes, and does not come back
      event.preventDefault();
      var line = link.closest("[data-language-suggestion]");
      if (line) line.hidden = true;
      return;
    }
    carry(unprefixedPath());
    link.href = switchHref(prefix);
  });

  // A first visit whose browser puts Chinese before English is offered the Chinese edition, once.
  function suggestLanguage() {
    var line = document.querySelector("[data-language-suggestion]");
    if (!line) return;
    var chosen = null;
    try { chosen = window.localStorage.getItem("grundy.language"); } catch (e) { chosen = "en"; }
    if (chosen) return;
    var wanted = line.getAttribute("data-language-suggestion");
    var langs = window.navigator.languages || [window.navigator.language || ""];
    for (var i = 0; i < langs.length; i++) {
      var code = String(langs[i]).toLowerCase();
      if (code.indexOf(wanted) === 0) { line.hidden = false; return; }
      if (code.indexOf("en") === 0) return;
    }
  }

  // ------------------------------------------------------------------ table of contents
  // A sidebar on wide screens (opened here), a folded list on phones.
  function openWide() {
    if (!window.matchMedia("(min-width: 1100px)").matches) return;
    document.querySelectorAll("details[data-open-wide]").forEach(function (d) { d.open = true; });
  }

  document.addEventListener("click", remember);
  document.addEventListener("focusin", remember);
  document.addEventListener("keydown", onKey);

  function start() {
    openWide();
    suggestLanguage();
    if (window.htmx) window.htmx.onLoad(onContent); // the page, then every fragment swapped in
    else onContent(document.body);
    restoreCarried();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
