-- Custom SQL migration file, put your code below! --
-- products.available follows product_stock (docs/decisions/021-cart.md): a product is available while some
-- option has stock. Only a change of that state writes to products (an option selling out or coming back),
-- so an ordinary checkout that takes stock never touches the products row or the listing index. The
-- products row is locked before the check, so two checkouts taking the last of two options of one product
-- see each other's result and the product cannot stay 'available' with no stock left. The lock is FOR NO KEY
-- UPDATE: order lines' foreign keys (FOR KEY SHARE) do not wait for it, so checkouts cannot deadlock on it.
CREATE OR REPLACE FUNCTION product_stock_sync_available(pid integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  in_stock boolean;
BEGIN
  PERFORM 1 FROM products WHERE id = pid FOR NO KEY UPDATE;
  in_stock := EXISTS (SELECT 1 FROM product_stock WHERE product_id = pid AND quantity > 0);
  UPDATE products SET available = in_stock WHERE id = pid AND available IS DISTINCT FROM in_stock;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_stock_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_stock_sync_available(NEW.product_id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Bulk inserts and deletes (the seed sets up stock for every product at once): one statement for all.
CREATE OR REPLACE FUNCTION product_stock_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET available = s.in_stock
  FROM (
    SELECT c.product_id, EXISTS (SELECT 1 FROM product_stock ps WHERE ps.product_id = c.product_id AND ps.quantity > 0) AS in_stock
    FROM (SELECT DISTINCT product_id FROM new_rows) c
  ) s
  WHERE p.id = s.product_id AND p.available IS DISTINCT FROM s.in_stock;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_stock_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Products left without any stock rows keep their flag (their rows are set up again from products.stock).
  UPDATE products p SET available = false
  FROM (SELECT DISTINCT product_id FROM old_rows) c
  WHERE p.id = c.product_id AND p.available
    AND EXISTS (SELECT 1 FROM product_stock ps WHERE ps.product_id = c.product_id)
    AND NOT EXISTS (SELECT 1 FROM product_stock ps WHERE ps.product_id = c.product_id AND ps.quantity > 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_stock_available_update AFTER UPDATE OF quantity ON product_stock FOR EACH ROW
  WHEN ((OLD.quantity > 0) IS DISTINCT FROM (NEW.quantity > 0))
  EXECUTE FUNCTION product_stock_row_changed();--> statement-breakpoint
CREATE TRIGGER product_stock_available_insert AFTER INSERT ON product_stock REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_stock_rows_added();--> statement-breakpoint
CREATE TRIGGER product_stock_available_delete AFTER DELETE ON product_stock REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_stock_rows_removed();
