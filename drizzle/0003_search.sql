-- Custom SQL migration file, put your code below! --
-- The search module's in-memory listing index stays in step with the catalogue through these
-- notifications (LISTEN search_changes). Statement-level triggers with transition tables: one
-- notification per statement, listing the changed product ids, or 'all' when there are too many to
-- fit a payload (a bulk load), after which listeners reload everything.
CREATE OR REPLACE FUNCTION search_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  n bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM (SELECT id FROM old_rows LIMIT 501) t;
  ELSE
    SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM (SELECT id FROM new_rows LIMIT 501) t;
  END IF;
  IF n = 0 THEN
    RETURN NULL;
  ELSIF n > 500 THEN
    PERFORM pg_notify('search_changes', 'all');
  ELSE
    PERFORM pg_notify('search_changes', 'products:' || ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_meta_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_changes', 'meta');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_products_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();--> statement-breakpoint
CREATE TRIGGER search_products_update AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();--> statement-breakpoint
CREATE TRIGGER search_products_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();--> statement-breakpoint
CREATE TRIGGER search_products_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION search_meta_changed();--> statement-breakpoint
CREATE TRIGGER search_brands_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION search_meta_changed();--> statement-breakpoint
CREATE TRIGGER search_categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION search_meta_changed();
