// How the project's own HTTP servers (the Prism guard; the sandbox's server is the package's, which
// this is) listen: on the port and host given, answering with a problem what node:http refuses before
// any handler runs, and resolving to their URL and a close() that ends open connections too.
export { answerClientErrors, listen } from "../../generated/lib/sandbox/server.js";
