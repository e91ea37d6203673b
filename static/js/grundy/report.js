// A live class's projection: started from /class/new, the projection (/present/) reports each
// state it shows to its class (the classroom's follow_view), and students' phones follow. The
// class's code is in a cookie (its key is not: that stays in the signed session cookie the post
// carries); the answer is the badge in the corner, with the code and the way back to the console.
import { presenting } from "./page.js";

let reported = null;

function classCode() {
  const found = document.cookie.match(/(?:^|;\s*)grundy_class=([A-Z0-9]{6})(?:;|$)/);
  return found ? found[1] : null;
}

export function report() {
  const code = presenting && classCode();
  const here = window.location.pathname + window.location.search;
  if (!code || here === reported) return;
  reported = here;
  const prefix = (window.location.pathname.match(/^\/zh(?=\/)/) || [""])[0];
  const form = new URLSearchParams();
  form.set("url", here);
  // the session's token (grundy.web.csrf): this page is the same for everyone and carries none,
  // so it is read from the cookie only this site's pages can read
  const token = (document.cookie.match(/(?:^|;\s*)grundy_csrf=([^;]+)/) || [null, ""])[1];
  window.fetch(prefix + "/class/" + code + "/view", {
    method: "POST", body: form, credentials: "same-origin", headers: { "X-CSRF-Token": token }
  })
    .then((response) => {
      if (response.status === 403 || response.status === 404 || response.status === 410) {
        document.cookie = "grundy_class=; Max-Age=0; path=/; SameSite=Lax";  // ended, gone, or not ours
        showBadge("");
        return null;
      }
      return response.ok ? response.text() : null;
    })
    .then((html) => { if (html !== null && html !== undefined) showBadge(html); })
    .catch(() => { reported = null; });  // tried again on the next step
}

// After the browser's back or forward button, once the address has changed.
export function reportSoon() {
  if (presenting) window.setTimeout(report, 0);
}

function showBadge(html) {
  let badge = document.getElementById("class-badge");
  if (!badge) {
    badge = document.createElement("div");
    badge.id = "class-badge";
    document.body.appendChild(badge);
  }
  const wasOpen = !!badge.querySelector("details[open]");  // the QR code stays shown across steps
  badge.innerHTML = html;  // the site's own fragment (classroom/_badge.html)
  const details = badge.querySelector("details");
  if (details && wasOpen) details.open = true;
  badge.hidden = !html;
  document.body.classList.toggle("in-class", !!html);  // the strip's "Start a live class" goes while one runs
}
