// The projection view's own controls (/present/): the control strip that keeps out of the way,
// full screen, and the link for students. The stepping keys are in grundy.js with the others.
// Without this script the strip is simply shown above the widget and every control still works.
(function () {
  "use strict";

  var body = document.body;
  if (!body || !body.hasAttribute("data-present")) return;

  var IDLE_MS = 3000;
  var idleTimer = null;
  var pinned = false; // opened on purpose (C, the Controls button): the resting mouse leaves it down
  // The keys that step the widget (grundy.js); the strip gets out of their way.
  var STEP_KEYS = { ArrowRight: 1, ArrowLeft: 1, PageDown: 1, PageUp: 1, Home: 1, End: 1 };

  function strip() { return document.querySelector(".is-presented .controls"); }

  // The strip stays while the pointer is on it or a control in it has keyboard focus (typing in
  // a field); a mouse click alone does not pin it open.
  function stripInUse() {
    var s = strip();
    return !!s && (s.matches(":hover") || !!s.querySelector(":focus-visible"));
  }

  function setOpen(open) {
    body.classList.toggle("strip-open", open);
    var toggle = document.querySelector("[data-strip-toggle]");
    if (toggle) toggle.setAttribute("aria-expanded", open ? "true" : "false");
  }

  function isOpen() { return body.classList.contains("strip-open"); }

  // Moving the mouse shows the pointer and the corner buttons; when it rests, they hide, and so
  // does the strip unless it is in use.
  function wake() {
    body.classList.add("awake");
    clearTimeout(idleTimer);
    idleTimer = setTimeout(rest, IDLE_MS);
  }

  function rest() {
    if (stripInUse()) {
      idleTimer = setTimeout(rest, IDLE_MS);
      return;
    }
    body.classList.remove("awake");
    if (!pinned) setOpen(false);
  }

  // Up, with nothing in it keeping it down (a control with :focus-visible holds it open).
  function close() {
    var s = strip();
    if (s && s.contains(document.activeElement)) document.activeElement.blur();
    pinned = false;
    setOpen(false);
  }

  function toggle() {
    if (isOpen()) {
      close();
    } else {
      pinned = true;
      setOpen(true);
      wake();
    }
  }

  function fullScreen() {
    if (!document.fullscreenEnabled) return;
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(function () { /* refused: stay as we are */ });
  }

  function typing(target) {
    return target.closest && target.closest("input, select, textarea, [contenteditable]");
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // A step (grundy.js has taken the key; this listener comes after its): the strip goes up
    // and the focus leaves it, so the class sees the whole widget at every step.
    if (STEP_KEYS[event.key] && !event.shiftKey && !typing(event.target)) {
      close();
      return;
    }
    if (event.defaultPrevented) return;
    if (event.key === "Escape") {
      close(); // only ever closes: C or the Controls button opens
      return;
    }
    if (typing(event.target)) return;
    if (event.key === "c" || event.key === "C") {
      event.preventDefault();
      toggle();
    } else if (event.key === "f" || event.key === "F") {
      event.preventDefault();
      fullScreen();
    }
  });

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target.closest) return;
    if (target.closest("[data-strip-toggle]")) toggle();
    else if (target.closest("[data-fullscreen]")) fullScreen();
    else copyLink(event, target.closest("[data-copy-link]"));
  });

  // "Link for students" copies this state's address where the browser allows it (https or
  // localhost); elsewhere it stays a plain link to the same page, to copy by hand.
  function copyLink(event, link) {
    if (!link || !navigator.clipboard || !window.isSecureContext) return;
    event.preventDefault();
    navigator.clipboard.writeText(link.href).then(function () {
      link.setAttribute("data-copied", "");
      setTimeout(function () { link.removeAttribute("data-copied"); }, 2000);
    }, function () { window.location.href = link.href; });
  }

  document.addEventListener("mousemove", wake, { passive: true });

  // ------------------------------------------------------------------ a live class
  // Started from /class/new, the projection reports each state it shows to its class
  // (classroom.py's follow_view), and students' phones follow. The class's code is in a cookie
  // (its key is not: that stays in the signed session cookie the post carries); the answer is
  // the badge in the corner, with the code and the way back to the console.
  var reported = null;

  function classCode() {
    var found = document.cookie.match(/(?:^|;\s*)grundy_class=([A-Z0-9]{6})(?:;|$)/);
    return found ? found[1] : null;
  }

  function report() {
    var code = classCode();
    var here = window.location.pathname + window.location.search;
    if (!code || here === reported) return;
    reported = here;
    var prefix = (window.location.pathname.match(/^\/zh(?=\/)/) || [""])[0];
    var form = new URLSearchParams();
    form.set("url", here);
    // the session's token (grundy.web.csrf): this page is the same for everyone and carries none,
    // so it is read from the cookie only this site's pages can read
    var token = (document.cookie.match(/(?:^|;\s*)grundy_csrf=([^;]+)/) || [null, ""])[1];
    window.fetch(prefix + "/class/" + code + "/view", {
      method: "POST", body: form, credentials: "same-origin", headers: { "X-CSRF-Token": token }
    })
      .then(function (response) {
        if (response.status === 403 || response.status === 404 || response.status === 410) {
          document.cookie = "grundy_class=; Max-Age=0; path=/; SameSite=Lax";  // ended, gone, or not ours
          showBadge("");
          return null;
        }
        return response.ok ? response.text() : null;
      })
      .then(function (html) { if (html !== null && html !== undefined) showBadge(html); })
      .catch(function () { reported = null; });  // tried again on the next step
  }

  function showBadge(html) {
    var badge = document.getElementById("class-badge");
    if (!badge) {
      badge = document.createElement("div");
      badge.id = "class-badge";
      document.body.appendChild(badge);
    }
    var wasOpen = !!badge.querySelector("details[open]");  // the QR code stays shown across steps
    badge.innerHTML = html;  // the site's own fragment (classroom/_badge.html)
    var details = badge.querySelector("details");
    if (details && wasOpen) details.open = true;
    badge.hidden = !html;
    body.classList.toggle("in-class", !!html);  // the strip's "Start a live class" goes while one runs
  }

  document.addEventListener("htmx:afterSettle", report);
  document.addEventListener("htmx:pushedIntoHistory", report);
  document.addEventListener("htmx:historyRestore", report);
  window.addEventListener("popstate", function () { window.setTimeout(report, 0); });

  function start() {
    report();
    var fs = document.querySelector("[data-fullscreen]");
    if (fs && !document.fullscreenEnabled) fs.hidden = true;
    // Shown for a moment on arrival, so the instructor sees where the settings are (not on a
    // touch screen, where it would push the table down until closed by hand).
    if (!window.matchMedia("(hover: none)").matches) {
      setOpen(true);
      wake();
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
