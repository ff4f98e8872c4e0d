// Issue 47: an organization whose website is followed, in the service's compact JSON, by a phone
// without spaces and an email comes back from getOrganization whole — the redaction once took the text
// from the website's "//" to the email's "@" for a URL's user info, cut the phone and the email out,
// and the result then failed the tool's own output schema (the SDK's client threw).
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { createClient } from "@project-collaboration/api";
import { createSandbox, exampleSeed, SANDBOX_ADMIN_KEY } from "@project-collaboration/api/sandbox";
import { describe, expect, it } from "vitest";
import { ajv } from "../src/arguments.js";
import { SANDBOX_BASE_URL, secretsOf } from "../src/index.js";
import { connectInMemory, dataOf, textOf } from "./support.js";

/** Websites, phones and emails as real organizations have them, the website first. */
const ORGANIZATIONS = [
  { website: "http://www.myorganizationname.com", phone: "555-5555", email: "admin@myorganizationname.com" },
  { website: "https://northwind.example:8443", phone: "+1-206-555-0110", email: "billing+invoices@northwind.example" },
  { website: "https://www.northwind.example/", phone: "2065550110", email: "a@b.example" },
];

describe("getOrganization", () => {
  it.each(ORGANIZATIONS)(
    "returns $website, $phone and $email whole, as the service sent them, within its output schema",
    async (contact) => {
      const seed = exampleSeed();
      // The administrator's organization: the first of the seed (src/sandbox/example-seed.ts).
      Object.assign(seed.organizations[0]!, contact);
      const sandbox = createSandbox({ seed });
      const sent = await (
        await sandbox.fetch(`${SANDBOX_BASE_URL}/organizations.json`, {
          headers: { authorization: `Basic ${btoa(`${SANDBOX_ADMIN_KEY}:`)}` },
        })
      ).text();
      // The case of the issue: compact JSON, the website, the phone and the email side by side.
      expect(sent).toContain(`"website":"${contact.website}"`);
      const client = createClient({ baseUrl: SANDBOX_BASE_URL, apiKey: SANDBOX_ADMIN_KEY, fetch: (request) => sandbox.fetch(request) });
      const mcp = await connectInMemory({ client, secrets: secretsOf(SANDBOX_ADMIN_KEY) });
      try {
        // Listed first: from here on the SDK's client checks each result against the tool's output schema.
        const { tools } = await mcp.client.listTools();
        const result = await mcp.client.callTool({ name: "getOrganization", arguments: {} });
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(result.structuredContent).toEqual(JSON.parse(sent));
        expect(dataOf(result)).toEqual(JSON.parse(sent));
        const validate = ajv.compile((tools as Tool[]).find((t) => t.name === "getOrganization")!.outputSchema!);
        expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
      } finally {
        await mcp.close();
      }
    },
  );
});
