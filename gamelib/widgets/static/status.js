// The status line of a panel: one element that stays in the page, so a screen reader announces each new
// sentence (a live region replaced as a whole is often not read).
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
  line.setAttribute("data-lm-suppress-shortcuts", "true");  // nor one typed after a move, with the focus here (slider.js)
  model.on("msg:custom", (message) => {
    if (!message || !message.focus) return;
    const active = document.activeElement;
    const panel = el.closest(".jp-OutputArea-output") || el.parentElement;
    if (!active || active === document.body || (panel && panel.contains(active))) line.focus({ preventScroll: true });
  });
  draw();
}

export default { render };
