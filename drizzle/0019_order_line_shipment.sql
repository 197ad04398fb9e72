-- A line is in exactly one box: order_lines.shipment_id replaces the shipment_lines table (docs/decisions/025,
-- amendment h10): per order ~10 heap rows, ~10 index entries and ~10 foreign-key checks fewer. Existing
-- placements move over before the table goes.
ALTER TABLE "order_lines" ADD COLUMN "shipment_id" bigint;--> statement-breakpoint
UPDATE "order_lines" l SET "shipment_id" = sl."shipment_id" FROM "shipment_lines" sl WHERE sl."order_line_id" = l."id";--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_shipment_idx" ON "order_lines" USING btree ("shipment_id");--> statement-breakpoint
DROP TABLE "shipment_lines" CASCADE;--> statement-breakpoint
-- checkout_batch (drizzle/0017) writes each batch's boxes before its lines, and the lines name their box.
CREATE OR REPLACE FUNCTION checkout_batch(batch jsonb)
RETURNS TABLE (r_key text, r_outcome text, r_order_id uuid, r_created_at timestamptz, r_product_id int, r_option_key text)
LANGUAGE plpgsql AS $$
DECLARE
  now_at timestamptz := (batch->>'now')::timestamptz;
  placed jsonb;
  stock_left jsonb := '{}'::jsonb;
  o record;
  n record;
  k text;
  missing boolean;
  short_product int;
  short_option text;
  accepted text[] := '{}';
  dropped uuid[] := '{}';
  clear_users bigint[] := '{}';
  clear_guests text[] := '{}';
  clear_lines bigint[] := '{}';
BEGIN
  WITH ins_orders AS (
    INSERT INTO orders (user_id, email, buyer_name, idempotency_key, fingerprint, status, shipping_address, registry_id, tax_state,
                        subtotal_cents, shipping_cents, discount_cents, tax_cents, total_cents, payment_id, created_at, updated_at)
    SELECT x.user_id, x.email, x.buyer_name, x.key, x.fingerprint, 'placed', x.address, NULL, x.tax_state,
           x.subtotal, x.shipping, x.discount, x.tax, x.total, x.payment_id, now_at, now_at
    FROM jsonb_to_recordset(batch->'orders') AS x(user_id bigint, email text, buyer_name text, key text, fingerprint text,
           address jsonb, tax_state text, subtotal int, shipping int, discount int, tax int, total int, payment_id uuid)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key, created_at
  ), ins_boxes AS (
    INSERT INTO shipments (order_id, warehouse_id, created_at, updated_at)
    SELECT io.id, s.warehouse_id, now_at, now_at
    FROM jsonb_to_recordset(batch->'sites') AS s(key text, warehouse_id int)
    JOIN ins_orders io ON io.idempotency_key = s.key
    RETURNING id, order_id, warehouse_id
  ), ins_lines AS (
    INSERT INTO order_lines (order_id, product_id, title, options, option_key, quantity, unit_price_cents, line_total_cents, discount_cents, warehouse_id, shipment_id)
    SELECT io.id, l.product_id, l.title, l.options, l.option_key, l.quantity, l.unit, l.total, l.discount, l.warehouse_id, b.id
    FROM jsonb_to_recordset(batch->'lines') AS l(pos int, key text, product_id int, title text, options jsonb, option_key text,
           quantity int, unit int, total int, discount int, warehouse_id int)
    JOIN ins_orders io ON io.idempotency_key = l.key
    JOIN ins_boxes b ON b.order_id = io.id AND b.warehouse_id = l.warehouse_id
    ORDER BY l.pos -- the cart's order (line ids are the order page's order)
  )
  SELECT coalesce(jsonb_object_agg(io.idempotency_key, jsonb_build_object('id', io.id, 'at', io.created_at)), '{}'::jsonb) INTO placed FROM ins_orders io;

  -- The stock rows the placed orders need, locked once each, in (product, option) order.
  FOR n IN
    SELECT ps.product_id, ps.option_key, ps.quantity FROM product_stock ps
    JOIN (
      SELECT DISTINCT w.product_id, w.option_key
      FROM jsonb_array_elements(batch->'orders') AS e(v), jsonb_to_recordset(e.v->'needs') AS w(product_id int, option_key text, quantity int)
      WHERE placed ? (e.v->>'key')
    ) w ON w.product_id = ps.product_id AND w.option_key = ps.option_key
    ORDER BY ps.product_id, ps.option_key
    FOR UPDATE OF ps
  LOOP
    stock_left := stock_left || jsonb_build_object(n.product_id::text || '/' || n.option_key, n.quantity);
  END LOOP;

  -- Handed out in arrival order while enough is left.
  FOR o IN SELECT e.v, e.v->>'key' AS key FROM jsonb_array_elements(batch->'orders') WITH ORDINALITY AS e(v, ord) ORDER BY e.ord LOOP
    r_key := o.key; r_order_id := NULL; r_created_at := NULL; r_product_id := NULL; r_option_key := NULL;
    IF NOT placed ? o.key THEN
      r_outcome := 'taken';
      RETURN NEXT;
      CONTINUE;
    END IF;
    missing := false;
    short_product := NULL;
    short_option := NULL;
    FOR n IN SELECT * FROM jsonb_to_recordset(o.v->'needs') AS w(product_id int, option_key text, quantity int) LOOP
      k := n.product_id::text || '/' || n.option_key;
      IF NOT stock_left ? k THEN
        missing := true;
      ELSIF short_product IS NULL AND (stock_left->>k)::int < n.quantity THEN
        short_product := n.product_id;
        short_option := n.option_key;
      END IF;
    END LOOP;
    IF missing THEN
      r_outcome := 'missing_stock';
      dropped := dropped || (placed->o.key->>'id')::uuid;
    ELSIF short_product IS NOT NULL THEN
      r_outcome := 'sold_out';
      r_product_id := short_product;
      r_option_key := short_option;
      dropped := dropped || (placed->o.key->>'id')::uuid;
    ELSE
      FOR n IN SELECT * FROM jsonb_to_recordset(o.v->'needs') AS w(product_id int, option_key text, quantity int) LOOP
        k := n.product_id::text || '/' || n.option_key;
        stock_left := jsonb_set(stock_left, ARRAY[k], to_jsonb((stock_left->>k)::int - n.quantity));
      END LOOP;
      r_outcome := 'accepted';
      r_order_id := (placed->o.key->>'id')::uuid;
      r_created_at := (placed->o.key->>'at')::timestamptz;
      accepted := accepted || o.key;
      IF o.v->'clear' ? 'user_id' THEN
        clear_users := clear_users || (o.v->'clear'->>'user_id')::bigint;
      ELSIF o.v->'clear' ? 'guest_hash' THEN
        clear_guests := clear_guests || (o.v->'clear'->>'guest_hash');
      ELSIF o.v->'clear' ? 'line_ids' THEN
        clear_lines := clear_lines || ARRAY(SELECT jsonb_array_elements_text(o.v->'clear'->'line_ids')::bigint);
      END IF;
    END IF;
    RETURN NEXT;
  END LOOP;

  -- Take what the accepted orders hold (the rows are locked: their quantity is what was read above).
  UPDATE product_stock ps SET quantity = (t.value)::int
  FROM jsonb_each_text(stock_left) AS t(key, value)
  WHERE ps.product_id = split_part(t.key, '/', 1)::int AND ps.option_key = substr(t.key, strpos(t.key, '/') + 1)
    AND ps.quantity <> (t.value)::int;
  IF cardinality(dropped) > 0 THEN
    DELETE FROM orders WHERE id = ANY(dropped);
  END IF;
  IF cardinality(clear_users) > 0 THEN
    DELETE FROM cart_items WHERE cart_id = ANY(ARRAY(SELECT id FROM carts WHERE user_id = ANY(clear_users)));
  END IF;
  IF cardinality(clear_guests) > 0 THEN
    DELETE FROM cart_items WHERE cart_id = ANY(ARRAY(SELECT id FROM carts WHERE guest_token_hash = ANY(clear_guests)));
  END IF;
  IF cardinality(clear_lines) > 0 THEN
    DELETE FROM cart_items WHERE id = ANY(clear_lines);
  END IF;
END $$;
