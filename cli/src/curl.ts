// --dry-run: the request a command would send, as a curl command that sends it — the credential as
// "$PCS_API_KEY" for the shell to fill in, never the key itself.

/** A word for a POSIX shell: in single quotes, a quote inside written as '\''. */
const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The curl command for `request` (its body is read). */
export async function curlOf(request: Request): Promise<string> {
  const words = ["curl", ...(request.method === "GET" ? [] : ["-X", request.method]), quote(request.url)];
  const lines = [words.join(" ")];
  for (const [name, value] of request.headers) {
    // The client's credential is HTTP Basic with the key as user name and an empty password: curl's -u.
    if (name === "authorization") lines.push(`-u "$PCS_API_KEY:"`);
    else lines.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  const body = request.body === null ? "" : await request.text();
  if (body !== "") lines.push(`--data-binary ${quote(body)}`);
  return lines.join(" \\\n  ");
}
