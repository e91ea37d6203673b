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
  });
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
  // Type at 2.7% of the screen's height: 29px at 1080p, like the page's legend (present.css).
  const size = Math.max(18, Math.round(window.innerHeight * 0.027));
  layout.font = Object.assign({}, layout.font, { size: size });
  // The legend goes above the plot, clear of the axis title the larger type pushes down.
  layout.legend = Object.assign({}, layout.legend, { font: { size: size }, y: 1.01, yanchor: "bottom" });
  layout.margin = { l: Math.round(size * 2.8), r: 20, t: Math.round(size * 1.6), b: Math.round(size * 2.6) };
  figure.data.forEach((trace) => {
    if (trace.marker && trace.marker.size) trace.marker.size = Math.round(trace.marker.size * 1.8);
    if (trace.line && trace.line.width) trace.line.width = trace.line.width * 2;
  });
}
