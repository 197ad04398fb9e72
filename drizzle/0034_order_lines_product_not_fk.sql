ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_product_id_products_id_fk";
--> statement-breakpoint
-- docs/decisions/025, amendment h18: order_lines.product_id is no longer a foreign key. Its check, run for every
-- line a checkout writes, locked the product row FOR KEY SHARE; every batch locks the same hot products, so the
-- locks were shared between the batches in flight. What the key did is kept:
-- * a deleted product's lines keep their title and price and lose the product (was ON DELETE SET NULL): the
--   trigger below, once per DELETE statement;
-- * a line never names a product that is gone: a line is written only while its stock row is locked (checkout_batch()
--   and the one-by-one path lock the rows they take), and a product's DELETE removes its stock rows (their key
--   cascades), so it waits for that commit and the trigger then sees the line, or the checkout finds no stock row
--   and the order is not placed; lines without stock (electronic gift cards) lock their product in the order's
--   transaction (orders.service.server.ts).
CREATE FUNCTION order_lines_product_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines l SET product_id = NULL FROM gone g WHERE l.product_id = g.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_lines_product_gone AFTER DELETE ON products REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION order_lines_product_gone();
