// The status line of a panel: one element that stays in the page, so a screen reader announces each new
// sentence (a live region replaced as a whole is often not read).
// A plain key (no Ctrl, Alt or Meta) pressed anywhere in the panel is the panel's, not a notebook shortcut of
// the panel's own cell: "m" on its Undo button turned the cell into Markdown, "d d" deleted it. The status line
// is in every panel, so it guards the panel's box once, its ipywidgets buttons and check boxes included.
const plain = (event) => !event.ctrlKey && !event.metaKey && !event.altKey;
const keepKeys = (event) => { if (plain(event)) event.stopPropagation(); };

function guard(el, tries = 0) {
  const panel = el.parentElement;
  if (panel && !panel.dataset.gamelibKeys) {
    panel.dataset.gamelibKeys = "kept";
    panel.addEventListener("keydown", keepKeys);
  } else if (!panel && tries < 600) requestAnimationFrame(() => guard(el, tries + 1));  // not in the page yet
}

function render({ model, el }) {
  const line = document.createElement("div");
  line.setAttribute("role", "status");
  line.setAttribute("aria-live", "polite");
  line.className = "gamelib-status";
  el.append(line);
  const draw = () => { line.innerHTML = model.get("value"); };  // HTML made (and escaped) by gamelib
  model.on("change:value", draw);
  // After a move whose button has left the page, the focus comes here (never onto another move's button).
  line.tabIndex = -1;
  model.on("msg:custom", (message) => {
    if (!message || !message.focus) return;
    const active = document.activeElement;
    const panel = el.closest(".jp-OutputArea-output") || el.parentElement;
    if (!active || active === document.body || (panel && panel.contains(active))) line.focus({ preventScroll: true });
  });
  el.addEventListener("keydown", keepKeys);
  guard(el);
  draw();
}

export default { render };
