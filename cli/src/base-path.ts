// The path the service serves its API under: the interface's base URL ends in it (the description's
// `servers`), and `npm run sandbox`, `npm run mock` and `pcs sandbox` serve it there too.
export const SERVICE_BASE_PATH = "/public/api";
