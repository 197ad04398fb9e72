// @vitest-environment jsdom
// What React does in the browser when a listing page hydrates: jsdom gives it a document to hydrate.
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { ListingView } from "~/modules/search/search.types";
import { listingView } from "../product-card.server";
import { testProductCard } from "./test-product-card";

// Counts the cards' renders; the card itself is tested elsewhere (product-card.test.tsx).
const cardRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("./product-card", () => ({
  ProductCard: ({ product }: { product: { title: string } }) => {
    cardRenders.count++;
    return <p>{product.title}</p>;
  },
}));

const { ProductListing } = await import("./product-listing");

const listing: ListingView = listingView({
  heroProducts: Array.from({ length: 18 }, (_, i) => testProductCard(i + 1)),
  facets: [
    {
      key: "brands",
      label: "Brand",
      type: "multi-select",
      values: [{ label: "Acme", value: "acme", count: 18 }],
    },
  ],
  count: 40,
  page: 1,
  pageSize: 18,
  pageCount: 3,
});

const app = () => {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <ProductListing
            result={listing}
            href="/store/strollers"
            label="Strollers products"
          />
        ),
      },
    ],
    {
      initialEntries: ["/store/strollers"],
    },
  );
  return <RouterProvider router={router} />;
};

afterEach(() => {
  document.body.innerHTML = "";
});

describe("a listing page hydrating", () => {
  test("the filter bar turns interactive without rendering the 18 product cards a second time", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(app());
    document.body.append(container);
    expect(
      container.querySelector('[aria-label="Strollers products"]')?.children,
    ).toHaveLength(18);
    // Before hydration the filter pills are links to the no-JavaScript panel.
    expect(container.querySelector('a[href*="panel="]')).not.toBeNull();
    cardRenders.count = 0;
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, app());
    });
    // The listing's hydrated flag turned true after hydration (its Filter button now opens the drawer in place
    // of following a link), which re-renders the listing; the memoised grid keeps its cards as they were.
    expect(container.querySelector('a[href*="panel="]')).toBeNull();
    expect(cardRenders.count).toBe(18);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    act(() => root!.unmount());
  });
});
