// The projection view's own controls (/present/): the control strip that keeps out of the way,
// full screen, and the link for students. Without the script the strip is simply shown above the
// widget and every control still works. Every export does nothing on other pages.
import { PRESENT_KEYS } from "./keys.js";
import { isTyping, presenting } from "./page.js";

const IDLE_MS = 3000;
let idleTimer = null;
let pinned = false;  // opened on purpose (C, the Controls button): the resting mouse leaves it down

function strip() { return document.querySelector(".is-presented .controls"); }

// The strip stays while the pointer is on it or a control in it has keyboard focus (typing in
// a field); a mouse click alone does not pin it open.
function stripInUse() {
  const s = strip();
  return !!s && (s.matches(":hover") || !!s.querySelector(":focus-visible"));
}

function setOpen(open) {
  document.body.classList.toggle("strip-open", open);
  const toggle = document.querySelector("[data-strip-toggle]");
  if (toggle) toggle.setAttribute("aria-expanded", open ? "true" : "false");
}

function isOpen() { return document.body.classList.contains("strip-open"); }

// Moving the mouse shows the pointer and the corner buttons; when it rests, they hide, and so
// does the strip unless it is in use.
export function wake() {
  if (!presenting) return;
  document.body.classList.add("awake");
  clearTimeout(idleTimer);
  idleTimer = setTimeout(rest, IDLE_MS);
}

function rest() {
  if (stripInUse()) {
    idleTimer = setTimeout(rest, IDLE_MS);
    return;
  }
  document.body.classList.remove("awake");
  if (!pinned) setOpen(false);
}

// Up, with nothing in it keeping it down (a control with :focus-visible holds it open).
function close() {
  const s = strip();
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
  else document.documentElement.requestFullscreen().catch(() => { /* refused: stay as we are */ });
}

// After keys.js has had the key: a step sends the strip up and the focus out of it, so the class
// sees the whole widget at every step; C opens or closes it, Escape closes it, F is full screen.
export function onKey(event) {
  if (!presenting || event.altKey || event.ctrlKey || event.metaKey) return;
  if (PRESENT_KEYS[event.key] && !event.shiftKey && !isTyping(event.target)) {
    close();
    return;
  }
  if (event.defaultPrevented) return;
  if (event.key === "Escape") {
    close();  // only ever closes: C or the Controls button opens
    return;
  }
  if (isTyping(event.target)) return;
  if (event.key === "c" || event.key === "C") {
    event.preventDefault();
    toggle();
  } else if (event.key === "f" || event.key === "F") {
    event.preventDefault();
    fullScreen();
  }
}

export function onClick(event) {
  const target = event.target;
  if (!presenting || !target.closest) return;
  if (target.closest("[data-strip-toggle]")) toggle();
  else if (target.closest("[data-fullscreen]")) fullScreen();
  else copyLink(event, target.closest("[data-copy-link]"));
}

// "Link for students" copies this state's address where the browser allows it (https or
// localhost); elsewhere it stays a plain link to the same page, to copy by hand.
function copyLink(event, link) {
  if (!link || !navigator.clipboard || !window.isSecureContext) return;
  event.preventDefault();
  navigator.clipboard.writeText(link.href).then(() => {
    link.setAttribute("data-copied", "");
    setTimeout(() => { link.removeAttribute("data-copied"); }, 2000);
  }, () => { window.location.href = link.href; });
}

export function start() {
  if (!presenting) return;
  const fs = document.querySelector("[data-fullscreen]");
  if (fs && !document.fullscreenEnabled) fs.hidden = true;
  // Shown for a moment on arrival, so the instructor sees where the settings are (not on a
  // touch screen, where it would push the table down until closed by hand).
  if (!window.matchMedia("(hover: none)").matches) {
    setOpen(true);
    wake();
  }
}
