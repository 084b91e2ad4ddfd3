import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { paySession, sessionForCancel } from "../actions";
import { notFoundError, standInOf } from "../stand-in";
import { checkoutPage } from "../views/checkout-page";

const payForm = z.object({
  action: z.enum(["pay", "cancel"]),
  duplicates: z.coerce.number().int().min(1).max(50).default(1),
  reversed: z.literal("1").optional(),
  hold: z.literal("1").optional(),
});

/** The hosted checkout page a checkout session's url points at: Pay completes it, Cancel goes back. */
export const hostedCheckoutRoutes = new Hono<AppEnv>()
  .get("/checkout/:id", async (c) => {
    const { store } = standInOf(c);
    const session = await store.get("session", c.req.param("id"));
    if (!session) throw notFoundError("checkout.session", c.req.param("id"));
    // The product's name, as Stripe's hosted page shows it (the first line item's).
    const price = await store.get("price", session.price);
    const product = price ? await store.get("product", price.product) : null;
    const productName = product?.name ?? price?.lookup_key ?? session.price;
    c.header("cache-control", "no-store");
    return c.html(checkoutPage({ session, settings: await store.settings(), productName }));
  })
  .post("/checkout/:id", async (c) => {
    const standIn = standInOf(c);
    const form = payForm.safeParse(await c.req.parseBody());
    if (!form.success) return c.text("Choose Pay or Cancel.", 400);
    if (form.data.action === "cancel") {
      const session = await sessionForCancel(standIn, c.req.param("id"));
      if (!session.cancel_url) return c.text("This checkout has no cancel_url to go back to.", 400);
      return c.redirect(session.cancel_url, 303);
    }
    await standIn.store.setSettings({
      ...(await standIn.store.settings()),
      mode: form.data.hold ? "hold" : "immediate",
      duplicates: form.data.duplicates,
      order: form.data.reversed ? "reversed" : "normal",
    });
    const session = await paySession(standIn, c.req.param("id"));
    return c.redirect(session.success_url, 303);
  });
