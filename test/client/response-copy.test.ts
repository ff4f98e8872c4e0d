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
