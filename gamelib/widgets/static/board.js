// A game board as a grid of buttons (ARIA grid pattern): click a square, or move with the arrow keys and
// press Enter or Space. Each square's name says where it is and what is on it ("row 2, column 3:
// chocolate"); a square that is a winning move says so. The kernel decides what a choice means.
// A board whose kernel has stopped (the panel's box is marked "jupyter-widgets-disconnected") sends no choice.
const plain = (event) => !event.ctrlKey && !event.metaKey && !event.altKey;
const stopped = (el) => el.closest(".jupyter-widgets-disconnected") !== null;

function render({ model, el }) {
  el.addEventListener("keydown", (event) => { if (plain(event)) event.stopPropagation(); });  // see slider.js
  const grid = document.createElement("div");
  grid.setAttribute("role", "grid");
  grid.className = "gamelib-board";
  el.append(grid);
  let focus = 0;

  const buttons = () => [...grid.querySelectorAll("button")];

  function draw() {
    const squares = model.get("squares");
    const columns = Math.max(1, model.get("columns"));
    const hadFocus = grid.contains(document.activeElement);
    focus = Math.min(focus, Math.max(0, squares.length - 1));
    grid.setAttribute("aria-label", model.get("label"));
    grid.replaceChildren();
    let row = null;
    squares.forEach((square, i) => {
      if (i % columns === 0) {
        row = document.createElement("div");
        row.setAttribute("role", "row");
        row.className = "gamelib-board-row";
        grid.append(row);
      }
      const cell = document.createElement("div");
      cell.setAttribute("role", "gridcell");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = square.symbol;
      button.className = `gamelib-square gamelib-${square.look}` + (square.marked ? " gamelib-marked" : "")
        + (square.chosen ? " gamelib-chosen" : "");
      button.setAttribute("aria-label", square.name);
      if (square.chosen !== undefined) button.setAttribute("aria-pressed", square.chosen ? "true" : "false");
      if (!square.enabled) button.setAttribute("aria-disabled", "true");
      button.tabIndex = i === focus ? 0 : -1;
      button.addEventListener("click", () => {
        focus = i;
        if (square.enabled && !stopped(el)) model.send({ choose: i });
      });
      button.addEventListener("focus", () => {
        focus = i;
        buttons().forEach((b, k) => { b.tabIndex = k === i ? 0 : -1; });
      });
      if (square.caption) {  // shown above the square; its accessible name already says it
        const caption = document.createElement("span");
        caption.className = "gamelib-caption";
        caption.setAttribute("aria-hidden", "true");
        caption.textContent = square.caption;
        cell.append(caption);
      }
      cell.append(button);
      row.append(cell);
    });
    if (hadFocus) buttons()[focus]?.focus();
  }

  grid.addEventListener("keydown", (event) => {
    const count = model.get("squares").length, columns = Math.max(1, model.get("columns"));
    const steps = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns,
                    Home: -(focus % columns), End: columns - 1 - (focus % columns) };
    if (!(event.key in steps)) return;
    event.preventDefault();
    event.stopPropagation();
    const next = focus + steps[event.key];
    if (next < 0 || next >= count) return;
    focus = next;
    buttons()[focus].focus();
  });
  model.on("change:squares", draw);
  model.on("change:columns", draw);
  model.on("change:label", draw);
  draw();
}

export default { render };
