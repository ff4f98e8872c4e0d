// copyResponse (src/response-copy.ts): what the Response constructor cannot set is kept, a status
// outside 200–599 included (a fetched response can carry one; a constructed one cannot).
import { expect, it } from "vitest";
import { copyResponse } from "../../src/response-copy.js";

/** A fetched response as fetch hands it out: url, redirected and type are read-only and set by fetch. */
function fetched(status: number): Response {
  const response = new Response("x", { status: status >= 200 && status <= 599 ? status : 200 });
  Object.defineProperties(response, {
    status: { value: status },
    url: { value: "https://pcs.example.com/public/api/groups.json" },
    redirected: { value: true },
    type: { value: "cors" },
  });
  return response;
}

it("keeps the URL, redirected and type of a fetched response", () => {
  const copy = copyResponse(fetched(599), null);
  expect([copy.status, copy.ok, copy.url, copy.redirected, copy.type]).toEqual([
    599,
    false,
    "https://pcs.example.com/public/api/groups.json",
    true,
    "cors",
  ]);
});

it("keeps a status the constructor refuses, and says it is not ok", () => {
  for (const status of [199, 600, 999])
    expect([copyResponse(fetched(status), null).status, copyResponse(fetched(status), null).ok]).toEqual([status, false]);
  expect(copyResponse(fetched(200), null).ok).toBe(true);
});

it("copies a status text fetch hands on but the constructor refuses (an escape, a character beyond Latin-1), each such character as its escape", () => {
  const response = fetched(502);
  const hostile = `Bad ${String.fromCharCode(0x1b)}[2J ${String.fromCharCode(0x202e)}gateway ${String.fromCharCode(0x9b)}é`;
  Object.defineProperty(response, "statusText", { value: hostile });
  expect(() => new Response(null, { statusText: hostile })).toThrow(TypeError); // why the copy must change it
  expect(copyResponse(response, null).statusText).toBe(`Bad \\u001b[2J \\u202egateway ${String.fromCharCode(0x9b)}é`);
});
