/* Tablée in a browser: a seat at a table hosted on a computer nearby.
 *
 * The page knows no game. The host sends the picture of this seat's table, computed for this
 * screen and language: nodes with a place, a depth, a kind, their content and the gestures they
 * accept. The page draws them, moves cards from picture to picture by their identity (CSS
 * transitions) and turns a tap, a long press or a drag into what the node says: a move sent as
 * the protocol's `move`, or a `gesture` for the host to perform (a local choice such as a
 * selection). The seat's key is kept in localStorage, so a reload or a dropped Wi-Fi takes the
 * seat back (`resume`). */
"use strict";

(function () {
  const LANGUAGES = ["en", "fr", "de", "es"];
  const HOLD_MS = 500;          // a long press
  const DRAG_PX = 8;            // a move this long starts a drag
  const RELAYOUT_PX = 24;       // a size change this large asks the host for a new picture
  const SIDE_MIN = 300, SIDE_MAX = 4096;
  const TEXTS = ["bubble", "panel", "badge", "log", "status", "text"];  // kinds whose content is words
  const MIN_TEXT_PX = 6;        // words shrunk to fit their node stay at least this large

  const code = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "").toUpperCase();
  const keyName = "tablee.seat." + code;
  const lang = pickLanguage();
  let words = {};
  let ws = null;
  let retry = 0;
  let joined = false;           // the join form was sent or a key was kept: connect on its own
  let sizeAsked = null;         // [w, h] the host lays the picture out for
  let nodes = new Map();        // ident -> {data, el}
  let press = null;             // the pointer's press on a node
  let ended = false;

  const $ = (id) => document.getElementById(id);
  const table = $("table");

  function pickLanguage() {
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const base = String(tag).slice(0, 2).toLowerCase();
      if (LANGUAGES.includes(base)) return base;
    }
    return "en";
  }

  function t(key) { return words[key] || key; }

  function show(id) {
    for (const name of ["join", "wait", "left", "table"]) $(name).hidden = name !== id;
  }

  function banner(text) {
    $("banner").textContent = text || "";
    $("banner").hidden = !text;
  }

  function screenSize() {
    const w = Math.round(Math.min(SIDE_MAX, Math.max(SIDE_MIN, window.innerWidth)));
    const h = Math.round(Math.min(SIDE_MAX, Math.max(SIDE_MIN, window.innerHeight)));
    return [w, h];
  }

  // ------------------------------------------------------------------ the connection
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    sizeAsked = screenSize();
    const socket = new WebSocket(scheme + location.host + "/ws");
    ws = socket;
    socket.onopen = () => {
      const token = localStorage.getItem(keyName);
      const screen = { w: sizeAsked[0], h: sizeAsked[1], lang: lang };
      if (token) {
        send({ type: "resume", version: 1, code: code, token: token, screen: screen });
      } else {
        send({ type: "hello", version: 1, code: code, name: $("name").value.trim(), screen: screen });
      }
    };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message && typeof message === "object") {
        count("received");
        receive(message);
      }
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      if (ended) { if ($("left").hidden) banner(t("web.ended")); return; }
      if (!joined) return;
      banner(t("web.reconnecting"));
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 500 * retry);
    };
  }

  function count(name) {  // what the page sent and received, read by the tests
    document.body.dataset[name] = String(Number(document.body.dataset[name] || 0) + 1);
  }

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify(message));
      count("sent");
    }
  }

  const FATAL = { wrong_code: "web.wrong_code", bad_token: "web.bad_token", wait: "web.wait", busy: "web.busy",
    seat_taken_by_bot: "web.seat_given", replaced: "web.replaced" };

  function receive(message) {
    switch (message.type) {
      case "welcome":
        retry = 0;
        banner("");
        if (typeof message.token === "string") localStorage.setItem(keyName, message.token);
        if (!nodes.size) show("wait");
        break;
      case "seats":
        drawSeats(message);
        break;
      case "left":  // the player left the table from its menu: the seat's key is kept to come back
        joined = false;
        ended = true;
        show("left");
        break;
      case "picture":
        drawPicture(message);
        ended = Boolean(message.over);
        count("pictures");
        break;
      case "error":
        if (FATAL[message.key]) {
          joined = false;
          if (message.key === "bad_token" || message.key === "seat_taken_by_bot") localStorage.removeItem(keyName);
          if (message.key === "replaced") { ended = true; banner(t(FATAL[message.key])); return; }
          $("join-error").textContent = t(FATAL[message.key]);
          show("join");
        }
        break;
      default:
        break;
    }
  }

  function drawSeats(message) {
    if (typeof message.waiting === "string") $("wait-title").textContent = message.waiting;  // the host's words: who starts
    const list = $("seats");
    list.textContent = "";
    for (const seat of message.seats || []) {
      const item = document.createElement("li");
      const state = seat.kind !== "remote" ? "bot" : seat.state;
      item.textContent = seat.name + " — " + t("net.state." + state);
      list.appendChild(item);
    }
  }

  // ------------------------------------------------------------------ the picture
  function drawPicture(message) {
    if (message.whole) {
      table.textContent = "";
      nodes = new Map();
      table.style.width = message.size[0] + "px";
      table.style.height = message.size[1] + "px";
      table.dataset.w = message.size[0];
      table.dataset.h = message.size[1];
      show("table");  // shown before its nodes are painted: words are measured to fit as they are laid out
      for (const data of message.nodes) add(data);
      fit();
      banner("");
      return;
    }
    for (const ident of message.removed || []) {
      const node = nodes.get(ident);
      if (node) { node.el.remove(); nodes.delete(ident); }
    }
    for (const data of message.changed || []) {
      const node = nodes.get(data.id);
      if (node) paint(node, data); else add(data);
    }
    for (const data of message.added || []) add(data);
  }

  function add(data) {
    const el = document.createElement(data.kind === "button" ? "button" : "div");
    if (data.kind === "button") el.type = "button";
    el.dataset.id = data.id;
    const node = { data: null, el: el };
    nodes.set(data.id, node);
    table.appendChild(el);
    paint(node, data);
  }

  function paint(node, data) {
    const el = node.el, old = node.data || {};
    node.data = data;
    const states = data.state || [];
    const classes = ["node", "k-" + data.kind, ...states];
    if (data.id.indexOf(":") > 0 && data.kind === "status") classes.push("text");
    if (data.acts) classes.push("acts");
    if (data.acts) el.dataset.acts = JSON.stringify(data.acts); else delete el.dataset.acts;
    if (data.group) el.dataset.group = data.group; else delete el.dataset.group;
    if (data.role === "alert") classes.push("alert");
    el.className = classes.join(" ");
    const [x, y, w, h] = data.rect;
    el.style.left = x + "px";
    el.style.top = y + "px";
    el.style.width = w + "px";
    el.style.height = h + "px";
    el.style.zIndex = String(data.z);
    if (data.label) el.setAttribute("aria-label", data.label); else el.removeAttribute("aria-label");
    countdown(el, data.countdown);
    if (data.role === "button") el.setAttribute("role", "button");
    if (data.kind === "card") {
      if (old.content !== data.content || !el.firstChild) {
        const img = el.firstChild || el.appendChild(document.createElement("img"));
        img.alt = "";
        img.draggable = false;
        img.src = "/card/" + (data.content === "back" ? "back" : lang + "_" + data.content);
      }
    } else if (data.kind === "log" && data.lines) {
      paintLog(el, data, old);
    } else if (data.size || (TEXTS.includes(data.kind) && data.content)) {
      let span = el.firstChild;
      if (!span || span.nodeName !== "SPAN") {
        el.textContent = "";
        span = el.appendChild(document.createElement("span"));
      }
      span.textContent = data.content || "";
      el.style.fontWeight = data.bold ? "700" : "400";
      shrinkToFit(el, span, data.size || fallbackSize(data.content || "", w, h));
    }
  }

  // ------------------------------------------------------------------ clocks between pictures
  // A node with a `countdown` ({shape, left, length}) runs down on the page, frame by frame, from the
  // seconds left the host gave with the picture: a ring shows the share of time left, a bar shrinks
  // from its `full` width, a message fades when its time is up. The next picture sets it again.
  const ticking = new Map();    // element -> its countdown, with the moment it was given
  let ticker = 0;

  function countdown(el, clock) {
    el.classList.toggle("ring", Boolean(clock && clock.shape === "ring"));
    el.classList.remove("worn");
    if (!clock || !(clock.length > 0)) { ticking.delete(el); return; }
    ticking.set(el, { shape: clock.shape, left: Number(clock.left) || 0, length: Number(clock.length),
      full: Number(clock.full) || 0, given: performance.now() });
    tick(performance.now());
  }

  function tick(now) {
    ticker = 0;
    for (const [el, clock] of ticking) {
      if (!el.isConnected) { ticking.delete(el); continue; }
      const left = Math.max(0, clock.left - (now - clock.given) / 1000);
      const share = Math.min(1, left / clock.length);
      if (clock.shape === "ring") {
        el.style.setProperty("--share", share.toFixed(4));
        el.dataset.share = share.toFixed(4);
        el.dataset.band = share > 0.5 ? "high" : share > 0.25 ? "mid" : "low";
      } else if (clock.shape === "bar" && clock.full) {
        el.style.width = (clock.full * share).toFixed(1) + "px";
      } else if (clock.shape === "fade" && left <= 0) {
        el.classList.add("worn");
      }
      if (left <= 0) ticking.delete(el);
    }
    if (ticking.size && !ticker) ticker = requestAnimationFrame(tick);
  }

  function paintLog(el, data, old) {
    // the log's latest lines, in a box a finger scrolls; it follows the newest line unless the
    // player has scrolled back to read
    let list = el.firstChild;
    if (!list || !list.classList.contains("lines")) {
      el.textContent = "";
      list = el.appendChild(document.createElement("div"));
      list.className = "lines";
      list.addEventListener("scroll", () => fadeTop(list));
    }
    const following = !old.lines || list.scrollHeight - list.scrollTop - list.clientHeight < 4;
    if (String(old.lines) !== String(data.lines)) {
      list.textContent = "";
      for (const line of data.lines) list.appendChild(document.createElement("p")).textContent = line;
    }
    el.style.fontSize = (data.size || 14) + "px";
    if (following) list.scrollTop = list.scrollHeight;
    fadeTop(list);
  }

  function fadeTop(list) {  // a line cut by the log's top edge fades out (CSS .more) while lines lie above
    list.parentNode.classList.toggle("more", list.scrollTop > 1);
  }

  function shrinkToFit(el, span, size) {
    // The host measured the words with the same font, but a browser's shaping and rounding differ by a
    // pixel here and there, and a button's words may be longer than its box (the desktop draws those
    // at a smaller fitting size): the largest size up to the host's at which the words fit their node.
    el.style.fontSize = size + "px";
    delete el.dataset.fitted;
    const style = getComputedStyle(el);
    const roomW = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const over = () => span.offsetWidth > roomW + 0.5 || el.scrollHeight > el.clientHeight + 1;
    if (!el.isConnected || roomW <= 0 || !over()) return;
    let at = Math.max(MIN_TEXT_PX, Math.min(size - 0.5, Math.floor(size * roomW / Math.max(1, span.offsetWidth) * 2) / 2));
    el.style.fontSize = at + "px";
    while (at > MIN_TEXT_PX && over()) {
      at = Math.max(MIN_TEXT_PX, at - 0.5);
      el.style.fontSize = at + "px";
    }
    el.dataset.fitted = String(at);
  }

  function fallbackSize(text, w, h) {
    // words the host gave no size for (a panel's, a bubble's): as large as fits on their lines
    const lines = text.split("\n");
    const longest = Math.max(4, ...lines.map((line) => line.length));
    return Math.max(9, Math.round(Math.min(h * 0.8 / lines.length, 22, (w - 12) / (longest * 0.56))));
  }

  function fit() {
    const w = Number(table.dataset.w), h = Number(table.dataset.h);
    if (!w || !h) return;
    const scale = Math.min(window.innerWidth / w, window.innerHeight / h);
    table.style.transform = "scale(" + scale + ")";
    table.style.left = Math.max(0, (window.innerWidth - w * scale) / 2) + "px";
    table.style.top = Math.max(0, (window.innerHeight - h * scale) / 2) + "px";
    table.dataset.scale = scale;
  }

  // ------------------------------------------------------------------ gestures
  function point(event) {
    const scale = Number(table.dataset.scale) || 1;
    const box = table.getBoundingClientRect();
    return [(event.clientX - box.left) / scale, (event.clientY - box.top) / scale];
  }

  function act(node, kind, value, drop) {
    if (value === undefined || value === null) return;
    if (value === "*") {
      const message = { type: "gesture", node: node.data.id, act: kind };
      if (drop !== undefined) message.drop = drop;
      send(message);
    } else {
      send({ type: "move", move: value });
    }
  }

  table.addEventListener("pointerdown", (event) => {
    const el = event.target.closest(".node.acts");
    if (!el) return;
    const node = nodes.get(el.dataset.id);
    if (!node) return;
    event.preventDefault();
    document.body.dataset.held = "0";
    press = { node: node, start: point(event), at: [event.clientX, event.clientY], dragging: false, held: false,
      timer: null, marks: [] };
    if (node.data.acts.hold !== undefined) {
      press.timer = setTimeout(() => {
        if (press && !press.dragging) {
          press.held = true;
          document.body.dataset.held = "1";
          act(node, "hold", node.data.acts.hold);
        }
      }, HOLD_MS);
    }
    if (el.setPointerCapture) { try { el.setPointerCapture(event.pointerId); } catch (e) { /* a synthetic pointer */ } }
  });

  table.addEventListener("pointermove", (event) => {
    if (!press) return;
    const acts = press.node.data.acts;
    const dx = event.clientX - press.at[0], dy = event.clientY - press.at[1];
    if (!press.dragging && acts.drops && Math.abs(dx) + Math.abs(dy) >= DRAG_PX) {
      press.dragging = true;
      clearTimeout(press.timer);
      press.node.el.classList.add("dragging");
      press.node.el.style.zIndex = "1600";
      for (const drop of acts.drops) {
        const mark = document.createElement("div");
        mark.className = "drop";
        const [x, y, w, h] = drop.rect;
        Object.assign(mark.style, { left: x - 5 + "px", top: y - 5 + "px", width: w + 10 + "px", height: h + 10 + "px" });
        table.appendChild(mark);
        press.marks.push(mark);
      }
    }
    if (press.dragging) {
      const scale = Number(table.dataset.scale) || 1;
      press.node.el.style.transform = "translate(" + dx / scale + "px," + dy / scale + "px)";
    }
  });

  function release(event, cancelled) {
    if (!press) return;
    const done = press;
    press = null;
    clearTimeout(done.timer);
    for (const mark of done.marks) mark.remove();
    const el = done.node.el;
    el.classList.remove("dragging");
    el.style.transform = "";
    el.style.zIndex = String(done.node.data.z);
    if (cancelled || done.held) return;
    const acts = done.node.data.acts;
    if (done.dragging) {
      const [px, py] = point(event);
      const [x, y, w, h] = done.node.data.rect;
      const dx = px - done.start[0], dy = py - done.start[1];
      const cx = x + w / 2 + dx, cy = y + h / 2 + dy;
      const inside = (r, ax, ay) => ax >= r[0] && ax <= r[0] + r[2] && ay >= r[1] && ay <= r[1] + r[3];
      const index = acts.drops.findIndex((d) => inside(d.rect, px, py) || inside(d.rect, cx, cy));
      if (index >= 0) act(done.node, "drop", acts.drops[index].move, index);
      return;
    }
    act(done.node, "tap", acts.tap);
  }

  table.addEventListener("pointerup", (event) => release(event, false));
  table.addEventListener("pointercancel", (event) => release(event, true));
  table.addEventListener("contextmenu", (event) => event.preventDefault());

  // ------------------------------------------------------------------ the screen
  let resizing = null;
  window.addEventListener("resize", () => {
    fit();
    clearTimeout(resizing);
    resizing = setTimeout(() => {
      const [w, h] = screenSize();
      if (!sizeAsked || !ws || (Math.abs(w - sizeAsked[0]) < RELAYOUT_PX && Math.abs(h - sizeAsked[1]) < RELAYOUT_PX)) return;
      if (localStorage.getItem(keyName)) { const old = ws; ws = null; old.close(); connect(); }
    }, 400);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && joined && !ws && !ended) connect();
  });

  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    if (!name) return;
    localStorage.setItem("tablee.name", name);
    $("join-error").textContent = "";
    joined = true;
    connect();
  });

  $("rejoin-button").addEventListener("click", () => {
    ended = false;
    joined = true;
    show("wait");
    connect();
  });

  function start() {
    document.documentElement.lang = lang;
    document.title = t("web.title") + " · " + code;
    $("join-title").textContent = t("web.join_title");
    $("name-label").textContent = t("web.name");
    $("join-button").textContent = t("web.join");
    $("wait-title").textContent = t("web.waiting");
    $("left-title").textContent = t("web.left");
    $("rejoin-button").textContent = t("web.rejoin");
    $("name").value = localStorage.getItem("tablee.name") || "";
    if (localStorage.getItem(keyName)) {
      joined = true;
      show("wait");
      connect();
    } else {
      show("join");
    }
  }

  // The page's words and the app's font, both before anything is laid out: no text is measured or
  // drawn in a fallback font (a font that cannot load leaves the page to the phone's own).
  const FONT = '"Tablee Sans"';
  const fonts = document.fonts
    ? Promise.all([document.fonts.load("400 16px " + FONT), document.fonts.load("700 16px " + FONT)])
      .catch(() => null).then(() => document.fonts.ready)
    : Promise.resolve();
  const loaded = fetch("/words/" + lang).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  Promise.all([loaded, fonts]).then(([w]) => {
    words = w || {};
    document.body.dataset.fonts = document.fonts && document.fonts.check("700 16px " + FONT) ? "app" : "fallback";
    start();
  });
})();
