// A live class's countdown ([data-closes] on the console, the screen and the phones): the
// deadline is an absolute time kept in the store (seconds since the epoch), so every page
// counts to the same end. Each count is read against the server's clock at the time the page
// was made (data-now), so a phone whose own clock is wrong still reaches 0 with the others.
// At 0 the text stays at 0: the class's next poll brings the closed vote. Without the script
// the number is the seconds left when the page was made.
const SKEW = "grundySkew";

function tick() {
  const clock = Date.now() / 1000;
  for (const el of document.querySelectorAll("[data-closes]")) {
    if (!(SKEW in el.dataset)) el.dataset[SKEW] = String(parseFloat(el.getAttribute("data-now")) - clock);
    const left = Math.max(0, Math.ceil(parseFloat(el.getAttribute("data-closes")) - clock - parseFloat(el.dataset[SKEW])));
    const shown = el.querySelector(".class-countdown-left");
    if (shown && shown.textContent !== String(left)) shown.textContent = String(left);
    el.classList.toggle("is-over", left === 0);
  }
}

let timer = null;

export function start() {
  if (timer === null && document.querySelector("[data-live]")) timer = window.setInterval(tick, 250);
}
