// Pagination's last, shorter page (the interface: lists take `offset` and `limit`, default limit 30):
// the page the checker reads is a later page (offset > 0) shorter than its limit, never a limit above
// the default (the maximum is not stated), and the pages joined are compared with the whole list as
// sets of ids (the order of a list is not stated).
import { describe, expect, it } from "vitest";
import { joinedAgainstWhole, shorterLastPage } from "../../contract/src/checks/pagination.js";

describe("the last, shorter page", () => {
  it("is a later page holding fewer items than its limit, for every length from 2 to 300", () => {
    for (let n = 2; n <= 300; n++) {
      const { offset, limit } = shorterLastPage(n);
      const left = n - offset;
      expect(offset, `n=${n}`).toBeGreaterThan(0);
      expect(left, `n=${n}: items left`).toBeGreaterThan(0);
      expect(left, `n=${n}: shorter than asked`).toBeLessThan(limit);
      expect(limit, `n=${n}: within the default page`).toBeLessThanOrEqual(30);
    }
  });

  it("of two items is the second, read with a limit of 2", () => {
    expect(shorterLastPage(2)).toEqual({ offset: 1, limit: 2 });
  });

  it("pages joined against the whole list: as sets, order and repeats aside", () => {
    expect(joinedAgainstWhole([1, 2, 3], [3, 1, 2])).toEqual({ missing: [], extra: [] });
    // A last page answered empty: its items are missing.
    expect(joinedAgainstWhole([1, 2, 3], [1])).toEqual({ missing: [2, 3], extra: [] });
    expect(joinedAgainstWhole([1, 2], [1, 2, 9])).toEqual({ missing: [], extra: [9] });
  });
});
