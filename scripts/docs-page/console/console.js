// The "Try it" console of docs/index.html: a dialog that sends one request of the API and shows the
// answer and the equivalent curl command. Bundled with the in-page sandbox by scripts/docs-page/build-docs.mjs.
//
// - Opened by the "Try it" buttons openapi/plugins/try-it.js puts in every operation's description,
//   through loader.js, which imports this module on the first click (so it costs nothing before).
// - Default target: the sandbox running in this page (@project-collaboration/api/sandbox), created on
//   first use, seeded with the description's examples, stateful until reload or reset. It needs no
//   network, so the console works from file://.
// - Or the reader's own server: base URL and API key. The key lives in one variable of this module:
//   never in the URL, storage, or the DOM (its field is emptied once read), and shown in the curl
//   command only when the reader asks.
// - Keyboard: a native modal <dialog> (focus kept inside, Escape closes, focus goes back to the button).
import { createSandbox, DEFAULT_API_KEYS } from "../../../generated/lib/sandbox/index.js";
import { STATUS_TITLES } from "../../../generated/lib/sandbox/problem.js";

const operations = JSON.parse(document.getElementById("pcs-console-operations")?.textContent ?? "[]");
const byId = new Map(operations.map((operation) => [operation.id, operation]));
/** The sandbox answers under any base URL; this one never leaves the page (.invalid never resolves). */
const SANDBOX_BASE = "https://sandbox.invalid/public/api";
const SANDBOX_KEYS = Object.keys(DEFAULT_API_KEYS);

let sandbox; // created on the first request to it
let apiKey = ""; // the reader's own key, memory only
let current; // the operation shown
let opener; // the button that opened the dialog, focused again on close
const ui = {}; // the dialog's elements, built once

/** A small element builder: h("p", { class: "x" }, "text", child…). */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value == null) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...children.filter((child) => child != null && child !== false));
  return element;
}

function buildDialog() {
  const target = (value, label, checked) =>
    h(
      "label",
      { class: "pcs-choice" },
      h("input", { type: "radio", name: "pcs-target", value, checked, onchange: showTarget }),
      ` ${label}`,
    );
  ui.operation = h(
    "select",
    { id: "pcs-operation", onchange: () => show(byId.get(ui.operation.value)) },
    ...operations.map((o) => h("option", { value: o.id }, `${o.method} ${o.path} — ${o.summary}`)),
  );
  ui.actAs = h("select", { id: "pcs-act-as" }, ...SANDBOX_KEYS.map((key) => h("option", { value: key }, key)));
  ui.baseUrl = h("input", {
    id: "pcs-base-url",
    type: "url",
    placeholder: "https://your-host.invalid/public/api",
    autocomplete: "off",
    spellcheck: "false",
  });
  ui.key = h("input", { id: "pcs-api-key", type: "password", autocomplete: "off", spellcheck: "false" });
  ui.keyState = h("p", { class: "pcs-note", id: "pcs-key-state", "aria-live": "polite" });
  ui.showKey = h("input", { id: "pcs-show-key", type: "checkbox", onchange: renderCurl });
  ui.sandboxPanel = h(
    "div",
    { class: "pcs-panel" },
    h(
      "p",
      { class: "pcs-note" },
      "The sandbox is the whole API running inside this page: seeded with this reference's examples, it keeps what you create, change and delete until you reload the page or reset it. Nothing leaves your browser.",
    ),
    h(
      "div",
      { class: "pcs-row" },
      h("label", { for: "pcs-act-as" }, "API key (who you act as)"),
      ui.actAs,
      h("button", { type: "button", class: "pcs-secondary", onclick: resetSandbox }, "Reset the sandbox"),
    ),
    (ui.resetState = h("p", { class: "pcs-note", "aria-live": "polite" })),
  );
  ui.serverPanel = h(
    "div",
    { class: "pcs-panel", hidden: true },
    h("div", { class: "pcs-field" }, h("label", { for: "pcs-base-url" }, "Base URL"), ui.baseUrl),
    h("div", { class: "pcs-field" }, h("label", { for: "pcs-api-key" }, "API key"), ui.key),
    h(
      "div",
      { class: "pcs-row" },
      h("button", { type: "button", class: "pcs-secondary", onclick: forgetKey }, "Forget the key"),
      h("label", { class: "pcs-choice" }, ui.showKey, " Show my key in the curl command"),
    ),
    ui.keyState,
    h(
      "p",
      { class: "pcs-note" },
      "Your key is kept in this page's memory only: never in the address, browser storage or the page, and sent only to the base URL above: over HTTPS, or over plain HTTP to this machine only (localhost, 127.0.0.1) — any other http:// address is refused. " +
        "The request goes from your browser, so your server must allow it by CORS: this page's origin (a page opened from disk sends Origin: null), " +
        "the Authorization and Content-Type headers, and the methods GET, POST, PATCH and DELETE. Without that the browser shows no answer; the curl command below works regardless.",
    ),
  );
  ui.params = h("div", { class: "pcs-params" });
  ui.bodyChoice = h("select", { id: "pcs-body-example", onchange: () => (ui.body.value = current.bodies[ui.bodyChoice.value].json) });
  ui.body = h("textarea", { id: "pcs-body", rows: 8, spellcheck: "false", oninput: renderCurl });
  // A body that is one of several shapes (add a user by id or by email): a choice, each option filling
  // the body with its shape's example and saying what that shape does.
  ui.shapeLegend = h("legend", {});
  ui.shapes = h("div", { class: "pcs-row" });
  ui.shapeNote = h("p", { class: "pcs-note", id: "pcs-body-shape-note", "aria-live": "polite" });
  ui.shapeSet = h("fieldset", { class: "pcs-shapes", hidden: true }, ui.shapeLegend, ui.shapes, ui.shapeNote);
  ui.bodyField = h(
    "div",
    { class: "pcs-field" },
    h("label", { for: "pcs-body" }, "Request body (JSON)"),
    ui.shapeSet,
    (ui.bodyChoiceRow = h("div", { class: "pcs-row" }, h("label", { for: "pcs-body-example" }, "Start from the example"), ui.bodyChoice)),
    ui.body,
  );
  ui.status = h("p", { class: "pcs-status", id: "pcs-status", role: "status" });
  ui.headers = h("pre", { class: "pcs-pre", id: "pcs-response-headers", tabindex: 0, "aria-label": "Response headers" });
  ui.responseBody = h("pre", { class: "pcs-pre", id: "pcs-response-body", tabindex: 0, "aria-label": "Response body" });
  ui.response = h(
    "section",
    { class: "pcs-response", "aria-labelledby": "pcs-response-title", hidden: true },
    h("h3", { id: "pcs-response-title" }, "Response"),
    ui.status,
    h("h4", {}, "Headers"),
    ui.headers,
    h("h4", {}, "Body"),
    ui.responseBody,
  );
  ui.curl = h("pre", { class: "pcs-pre", id: "pcs-curl", tabindex: 0, "aria-label": "curl command" });
  ui.title = h("h2", { id: "pcs-console-title" }, "Try it");
  ui.dialog = h(
    "dialog",
    { id: "pcs-console", class: "pcs-console", "aria-labelledby": "pcs-console-title", onclose: () => opener?.focus() },
    h(
      "div",
      { class: "pcs-head" },
      ui.title,
      h("button", { type: "button", class: "pcs-close", "aria-label": "Close the console", onclick: () => ui.dialog.close() }, "×"),
    ),
    h("div", { class: "pcs-field" }, h("label", { for: "pcs-operation" }, "Operation"), ui.operation),
    h(
      "fieldset",
      {},
      h("legend", {}, "Send to"),
      h("div", { class: "pcs-row" }, target("sandbox", "The sandbox in this page", true), target("server", "Your server")),
      ui.sandboxPanel,
      ui.serverPanel,
    ),
    h(
      "form",
      { class: "pcs-request", onsubmit: (event) => (event.preventDefault(), send()), oninput: renderCurl },
      ui.params,
      ui.bodyField,
      h(
        "div",
        { class: "pcs-row" },
        (ui.send = h("button", { type: "submit", class: "pcs-primary" }, "Send request")),
        (ui.cancel = h(
          "button",
          { type: "button", class: "pcs-secondary", hidden: true, onclick: () => inFlight?.abort(new Error("Cancelled.")) },
          "Cancel",
        )),
      ),
    ),
    ui.response,
    h(
      "section",
      { "aria-labelledby": "pcs-curl-title" },
      h(
        "div",
        { class: "pcs-row" },
        h("h3", { id: "pcs-curl-title" }, "The same request with curl"),
        h("button", { type: "button", class: "pcs-secondary", onclick: (event) => copy(ui.curl.textContent, event.currentTarget) }, "Copy"),
      ),
      ui.curl,
      (ui.curlNote = h("p", { class: "pcs-note" })),
    ),
  );
  document.body.append(ui.dialog);
}

const targetIsServer = () => ui.dialog.querySelector('input[name="pcs-target"]:checked').value === "server";

function showTarget() {
  ui.sandboxPanel.hidden = targetIsServer();
  ui.serverPanel.hidden = !targetIsServer();
  renderCurl();
}

/** Shows one operation: its parameters, prefilled from their examples, and its body's first example. */
function show(operation) {
  current = operation;
  ui.operation.value = operation.id;
  ui.title.textContent = `Try it: ${operation.summary}`;
  ui.params.replaceChildren(
    ...operation.parameters.map((parameter) => {
      const id = `pcs-param-${parameter.in}-${parameter.name}`;
      return h(
        "div",
        { class: "pcs-field" },
        h(
          "label",
          { for: id },
          parameter.name,
          h("span", { class: "pcs-where" }, ` (${parameter.in}${parameter.required ? ", required" : ""})`),
        ),
        h("input", {
          id,
          name: parameter.name,
          "data-in": parameter.in,
          value: parameter.value,
          placeholder: parameter.hint,
          required: parameter.required,
          autocomplete: "off",
          spellcheck: "false",
        }),
      );
    }),
  );
  ui.bodyField.hidden = operation.bodies.length === 0;
  ui.bodyChoiceRow.hidden = operation.bodies.length < 2 || Boolean(operation.choice);
  ui.bodyChoice.replaceChildren(...operation.bodies.map((body, i) => h("option", { value: i }, body.name)));
  ui.body.value = operation.bodies[0]?.json ?? "";
  showShapes(operation.choice);
  ui.response.hidden = true;
  renderCurl();
}

/** The shapes of a body that is exactly one of several, as radio buttons; none for any other body. */
function showShapes(choice) {
  ui.shapeSet.hidden = !choice;
  ui.shapes.replaceChildren();
  if (!choice) return;
  ui.shapeLegend.textContent = `${choice.sentence.replace(/`/g, "")}: send one shape, never both`;
  const pick = (option) => {
    if (current.bodies[option.body]) ui.body.value = current.bodies[option.body].json;
    ui.shapeNote.textContent = option.note;
    renderCurl();
  };
  choice.options.forEach((option, i) => {
    ui.shapes.append(
      h(
        "label",
        { class: "pcs-choice" },
        h("input", { type: "radio", name: "pcs-body-shape", value: i, checked: i === 0, onchange: () => pick(option) }),
        ` ${option.title} (${option.fields.join(", ")})`,
      ),
    );
  });
  pick(choice.options[0]);
}

/** The request the form describes: method, path (parameters filled in), query string, body text. */
function requestOf() {
  const values = (location) =>
    [...ui.params.querySelectorAll(`input[data-in="${location}"]`)].map((input) => [input.name, input.value.trim()]);
  const path = values("path").reduce((at, [name, value]) => at.replace(`{${name}}`, encodeURIComponent(value)), current.path);
  const query = new URLSearchParams(values("query").filter(([, value]) => value !== "")).toString();
  const body = current.bodies.length ? ui.body.value : undefined;
  return { method: current.method, pathAndQuery: path + (query ? `?${query}` : ""), body };
}

/** The base URL typed by the reader, without a trailing slash. */
const serverBase = () => ui.baseUrl.value.trim().replace(/\/+$/, "");

const shellQuote = (text) => `'${text.replace(/'/g, `'\\''`)}'`;

function renderCurl() {
  if (!current) return;
  const { method, pathAndQuery, body } = requestOf();
  const server = targetIsServer();
  const base = server && serverBase() ? serverBase() : "$PCS_BASE_URL";
  const key = server && ui.showKey.checked && apiKey ? shellQuote(`${apiKey}:`) : `"$PCS_API_KEY:"`;
  const url = base === "$PCS_BASE_URL" ? `"${base}${pathAndQuery}"` : shellQuote(base + pathAndQuery);
  const lines = [`curl${method === "GET" ? "" : ` -X ${method}`} -u ${key}`];
  if (body !== undefined) lines.push(`-H "Content-Type: application/json"`, `--data ${shellQuote(compactJson(body))}`);
  lines.push(url);
  ui.curl.textContent = lines.join(" \\\n  ");
  ui.curlNote.textContent = server
    ? apiKey && !ui.showKey.checked
      ? "Your key is left out: set PCS_API_KEY, or tick “Show my key in the curl command”."
      : ""
    : "Set PCS_BASE_URL and PCS_API_KEY for your server, or, in a clone of this package's repository, run `npm run sandbox` and use http://127.0.0.1:4011 with the key sandbox-admin-key.";
}

const compactJson = (text) => {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text; // sent as typed: the server's 400 says what is wrong with it
  }
};

/** "Basic base64(key:)" with the key's UTF-8 bytes (btoa alone takes Latin-1 only). */
const basic = (key) => `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${key}:`)))}`;

function takeKey() {
  if (ui.key.value) {
    apiKey = ui.key.value;
    ui.key.value = ""; // the key now lives only in this module
  }
  ui.key.placeholder = apiKey ? "A key is set for this visit: type here to replace it" : "";
  ui.keyState.textContent = apiKey ? "A key is set, kept in memory until you forget it or leave the page." : "";
}

function forgetKey() {
  apiKey = "";
  ui.key.value = "";
  ui.showKey.checked = false;
  takeKey();
  ui.keyState.textContent = "The key is forgotten.";
  renderCurl();
}

function resetSandbox() {
  sandbox?.reset();
  ui.resetState.textContent = "The sandbox is back to its seed.";
}

/** How long a request may take, its body included, before it is given up. */
export const REQUEST_TIME_LIMIT_MS = 30_000;
/** The request under way: Cancel aborts it. */
let inFlight;

/** The key may travel over plain HTTP only to this machine (the names the page's Content-Security-
 * Policy allows too, scripts/docs-page/build-docs.mjs); anywhere else, HTTPS. */
export function mayCarryKey(base) {
  const url = new URL(base);
  return url.protocol === "https:" || (url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1"));
}

async function send() {
  const { method, pathAndQuery, body } = requestOf();
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  inFlight = new AbortController();
  const timer = setTimeout(
    () => inFlight.abort(new Error(`No answer within ${REQUEST_TIME_LIMIT_MS / 1000} s: given up.`)),
    REQUEST_TIME_LIMIT_MS,
  );
  const init = { method, headers, body: body !== undefined ? compactJson(body) : undefined, signal: inFlight.signal };
  ui.send.disabled = true;
  ui.cancel.hidden = false;
  ui.status.textContent = "Sending…";
  delete ui.status.dataset.status; // set again with the answer's status
  ui.response.hidden = false;
  revealResponse();
  ui.headers.textContent = ui.responseBody.textContent = "";
  try {
    let response;
    if (targetIsServer()) {
      takeKey();
      const base = serverBase();
      if (!/^https?:\/\//i.test(base)) throw new Error("Enter your server's base URL first, e.g. https://your-host.invalid/public/api.");
      if (!mayCarryKey(base))
        throw new Error(
          "Not sent: the key goes only over HTTPS, or over plain HTTP to this machine (localhost, 127.0.0.1). Use an https:// base URL.",
        );
      if (apiKey) headers.Authorization = basic(apiKey);
      // No cookies, no referrer: the key in the header is the only credential sent.
      response = await fetch(base + pathAndQuery, { ...init, credentials: "omit", referrerPolicy: "no-referrer", cache: "no-store" }).catch(
        () => {
          if (inFlight.signal.aborted) throw inFlight.signal.reason;
          throw new Error(
            "No answer: the server is unreachable, or its CORS answer does not allow this page (see the note above). Try the curl command instead.",
          );
        },
      );
    } else {
      sandbox ??= createSandbox();
      headers.Authorization = basic(ui.actAs.value);
      response = await sandbox.fetch(SANDBOX_BASE + pathAndQuery, init);
    }
    await showResponse(response, inFlight.signal);
  } catch (error) {
    const reason = inFlight.signal.aborted ? inFlight.signal.reason : error;
    ui.status.textContent = reason instanceof Error ? reason.message : String(reason);
    ui.status.dataset.status = "none";
  } finally {
    clearTimeout(timer);
    ui.send.disabled = false;
    ui.cancel.hidden = true;
    renderCurl();
  }
}

/** On a small screen the response lands below the form, out of sight: bring its start into view
 * (scroll-margin-top in console.css keeps it clear of the sticky title). Nothing moves when it is in view. */
function revealResponse() {
  const status = ui.status.getBoundingClientRect();
  const dialog = ui.dialog.getBoundingClientRect();
  if (status.top < dialog.top || status.bottom > Math.min(dialog.bottom, window.innerHeight))
    ui.response.scrollIntoView({ block: "start" });
}

async function showResponse(response, signal) {
  ui.status.textContent = `${response.status} ${response.statusText || STATUS_TITLES[response.status] || ""}`.trim();
  ui.status.dataset.status = String(response.status);
  const headerLines = [...response.headers].map(([name, value]) => `${name}: ${value}`);
  ui.headers.textContent = headerLines.length ? headerLines.join("\n") : "(none the browser may show)";
  // A body that never ends is given up with the request (Cancel, or the time limit).
  const text = await Promise.race([
    response.text(),
    new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })),
  ]);
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {}
  ui.responseBody.textContent = text === "" ? "(no body)" : shown;
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Select and copy";
  }
  setTimeout(() => (button.textContent = "Copy"), 2000);
}

export function openConsole(operationId, from) {
  const operation = byId.get(operationId);
  if (!operation) return;
  if (!ui.dialog) buildDialog();
  opener = from;
  show(operation);
  if (!ui.dialog.open) ui.dialog.showModal();
  ui.operation.focus();
}
