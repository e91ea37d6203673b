// A lesson's table of contents: a sidebar on wide screens (opened here), a folded list on phones.
export function openWide() {
  if (!window.matchMedia("(min-width: 1100px)").matches) return;
  document.querySelectorAll("details[data-open-wide]").forEach((d) => { d.open = true; });
}
