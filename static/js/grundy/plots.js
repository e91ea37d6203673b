// Plotly figures arrive as JSON in data-figure (built by plotly.py on the server); this draws
// them, in the page and in every fragment swapped in.
import { presenting } from "./page.js";

export function drawPlots(root) {
  if (!root.querySelectorAll) return;
  const plots = root.matches && root.matches("[data-figure]") ? [root] : root.querySelectorAll("[data-figure]");
  if (!plots.length) return;
  if (!window.Plotly) {  // a figure swapped into a page that came without one (a live class's reveal)
    loadPlotly().then(() => { if (window.Plotly) drawPlots(root); });
    return;
  }
  plots.forEach((el) => {
    const figure = JSON.parse(el.getAttribute("data-figure"));
    if (presenting) enlarge(figure);
    window.Plotly.newPlot(el, figure.data, figure.layout, {
      responsive: true, displaylogo: false, modeBarButtonsToRemove: ["select2d", "lasso2d", "toImage"],
      // the toolbar's words in the page's language (its locale script is loaded beside plotly.js)
      locale: document.documentElement.getAttribute("data-plotly-locale") || "en"
    });
    if (presenting) refitOnResize(el);
  });
}

// Projected, a plot follows its box, not only the window: the box shrinks when a live class's
// bar arrives after the plot was drawn (plotly's own "responsive" hears only the window, so the
// plot overflowed its box and the axis title overprinted the explanation below), and the type
// grows with the screen (drawn at 720p, ticks stayed 720p's size on a 1080p screen).
let observer = null;
const fitted = new WeakMap();  // a plot → the "width×height@type size" it was last fitted to

function refitOnResize(el) {
  if (!window.ResizeObserver) return;
  if (!observer) observer = new ResizeObserver((entries) => entries.forEach((entry) => refit(entry.target)));
  fitted.set(el, fitKey(el));
  observer.observe(el);
}

function fitKey(el) {
  return Math.round(el.clientWidth) + "x" + Math.round(el.clientHeight) + "@" + typeSize();
}

function refit(el) {
  if (!el.isConnected) { observer.unobserve(el); return; }
  if (!window.Plotly || !el.layout || fitted.get(el) === fitKey(el)) return;  // (el.layout: plotly's, once drawn)
  fitted.set(el, fitKey(el));
  const size = typeSize();
  const update = { "font.size": size, "legend.font.size": size, autosize: true };
  Object.entries(margins(size)).forEach(([side, px]) => { update["margin." + side] = px; });
  window.Plotly.relayout(el, update);
}

// plotly.js and its words in the page's language, loaded once, in order (<html data-plotly-src>).
let plotlyLoading = null;
function loadPlotly() {
  if (!plotlyLoading) {
    const root = document.documentElement;
    const sources = [root.getAttribute("data-plotly-src"), root.getAttribute("data-plotly-locale-src")].filter(Boolean);
    plotlyLoading = sources.reduce((chain, src) => chain.then(() => new Promise((resolve) => {
      const script = document.createElement("script");
      script.src = src;
      script.onload = resolve;
      script.onerror = resolve;  // no figure then, as with JavaScript off
      document.head.appendChild(script);
    })), Promise.resolve());
  }
  return plotlyLoading;
}

// Projected, a plot fills the room present.css gives it, with type and markers readable from
// the back of a class.
function enlarge(figure) {
  const layout = figure.layout;
  delete layout.height;
  layout.autosize = true;
  const size = typeSize();
  layout.font = Object.assign({}, layout.font, { size: size });
  // The legend goes above the plot, clear of the axis title the larger type pushes down.
  layout.legend = Object.assign({}, layout.legend, { font: { size: size }, y: 1.01, yanchor: "bottom" });
  layout.margin = margins(size);
  figure.data.forEach((trace) => {
    if (trace.marker && trace.marker.size) trace.marker.size = Math.round(trace.marker.size * 1.8);
    if (trace.line && trace.line.width) trace.line.width = trace.line.width * 2;
  });
}

// Type at 2.7% of the screen's height: 29px at 1080p, like the page's legend (present.css).
function typeSize() { return Math.max(18, Math.round(window.innerHeight * 0.027)); }

function margins(size) {
  return { l: Math.round(size * 2.8), r: 20, t: Math.round(size * 1.6), b: Math.round(size * 2.6) };
}
