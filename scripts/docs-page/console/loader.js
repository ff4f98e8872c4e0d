// What docs/index.html runs at load for its console, kept small so Redoc's first paint does not wait:
// one click listener on the document (Redoc's markup is never changed).
// - A "Try it" button (openapi/plugins/try-it.js): the console and its sandbox, shipped inert in the
//   page as #pcs-console-code (scripts/docs-page/build-docs.mjs), are imported on the first click, then opened.
// - A guide's copy button (openapi/plugins/reader.js): copies the code block before it.
let consoleModule;
const loadConsole = () => {
  const code = document.getElementById("pcs-console-code")?.textContent ?? "";
  consoleModule ??= import(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
  return consoleModule;
};

async function copyBlockBefore(button) {
  const block = button.closest("p, div")?.previousElementSibling;
  const code = block?.tagName === "PRE" ? block : block?.querySelector("pre");
  if (!code) return;
  try {
    await navigator.clipboard.writeText(code.textContent ?? "");
    button.textContent = "Copied";
  } catch {
    button.textContent = "Select and copy";
  }
  setTimeout(() => (button.textContent = "Copy"), 2000);
}

document.addEventListener("click", (event) => {
  const element = event.target instanceof Element ? event.target : null;
  const tryIt = element?.closest("button.pcs-try-it");
  if (tryIt) loadConsole().then((module) => module.openConsole(tryIt.dataset.pcsOperation, tryIt));
  const copy = element?.closest("button.pcs-copy-code");
  if (copy) copyBlockBefore(copy);
});
