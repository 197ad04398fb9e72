ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_shipment_id_shipments_id_fk";
--> statement-breakpoint
-- docs/decisions/025, amendment h18: order_lines' order, product and box are no longer foreign keys. Their checks,
-- about 30 for each order a checkout writes (one per line and key), were a fifth of PostgreSQL's CPU in the checkout,
-- and the product's check locked the hot product rows every batch in flight shares. What the keys did is kept:
-- * a line names an order and a box that exist: a line is written only in the transaction that writes its order
--   (checkout_batch(), the one-by-one path), after the order, and in a box that transaction writes or (a registry's
--   held box) updates first, so the box is locked until the line commits; no other code writes lines;
-- * a line never names a product that is gone: a line is written only while its stock row is locked (both paths lock
--   the rows they take), and a product's DELETE removes its stock rows (their key cascades), so it waits for that
--   commit, or the checkout finds no stock row and the order is not placed; lines without stock (electronic gift
--   cards) lock their product FOR KEY SHARE in the order's transaction, as the key's check did;
-- * the ON DELETE actions: the triggers below, once per DELETE statement (deleting orders deletes their lines, whose
--   own dependants still cascade by their keys; deleting boxes or products sets the lines' column null). A
--   trigger's statement takes a new snapshot, so it sees a line committed by the transaction the DELETE waited for.
-- checkout-batch.test.ts checks the lines of concurrent checkouts, the deletes and the wait.
CREATE FUNCTION order_lines_order_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_lines l USING gone g WHERE l.order_id = g.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_lines_order_gone AFTER DELETE ON orders REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION order_lines_order_gone();--> statement-breakpoint
CREATE FUNCTION order_lines_shipment_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines l SET shipment_id = NULL FROM gone g WHERE l.shipment_id = g.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_lines_shipment_gone AFTER DELETE ON shipments REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION order_lines_shipment_gone();--> statement-breakpoint
CREATE FUNCTION order_lines_product_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines l SET product_id = NULL FROM gone g WHERE l.product_id = g.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_lines_product_gone AFTER DELETE ON products REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION order_lines_product_gone();
