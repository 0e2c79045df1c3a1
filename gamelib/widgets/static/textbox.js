// A labelled one-line text box whose text reaches the kernel inside the message that uses it: Enter sends
// {text, submit: true}, leaving the box sends {text, submit: false}. (ipywidgets' Text sends Enter as its own
// message, which can overtake the text typed just before it: a fast Enter then acted on part of the text.)
// Once the kernel behind the panel has stopped (its box is marked "jupyter-widgets-disconnected"), the box takes
// no typing: its text stays the one its picture was drawn from.
let made = 0;

const plain = (event) => !event.ctrlKey && !event.metaKey && !event.altKey;
const stopped = (el) => el.closest(".jupyter-widgets-disconnected") !== null;

function render({ model, el }) {
  const id = `gamelib-text-${++made}-${Math.random().toString(36).slice(2, 8)}`;
  const label = document.createElement("label");
  const input = document.createElement("input");
  label.htmlFor = id;
  label.className = "gamelib-text-label";
  input.type = "text";
  input.id = id;
  input.className = "gamelib-text-input";
  el.classList.add("gamelib-text", "widget-text");
  el.append(label, input);

  function sync() {
    label.textContent = model.get("description");
    input.placeholder = model.get("placeholder");
    if (input.value !== model.get("value")) input.value = model.get("value");
  }

  function send(submit) {
    if (stopped(el)) return;
    model.set("value", input.value);  // this view's copy only: the kernel takes the text from the message
    model.send({ text: input.value, submit });
  }

  input.addEventListener("change", () => send(false));
  // Keys typed here are the box's: JupyterLab's notebook would otherwise take them as its shortcuts. Keys with
  // Ctrl, Alt or Meta still reach it: Ctrl+S typed in the box saves the notebook (it opened the browser's own
  // "Save page" when every key stopped here).
  input.addEventListener("keypress", (event) => { if (plain(event)) event.stopPropagation(); });
  input.addEventListener("beforeinput", (event) => { if (stopped(el)) event.preventDefault(); });
  input.addEventListener("focus", () => { input.readOnly = stopped(el); });  // read as read-only once stopped
  input.addEventListener("keydown", (event) => {
    if (plain(event)) event.stopPropagation();
    input.readOnly = stopped(el);
    if (event.key !== "Enter") return;
    event.preventDefault();
    send(true);
  });
  model.on("msg:custom", (message) => { if (message && message.focus) input.focus(); });
  model.on("change:value", sync);
  model.on("change:placeholder", sync);
  model.on("change:description", sync);
  sync();
}

export default { render };
