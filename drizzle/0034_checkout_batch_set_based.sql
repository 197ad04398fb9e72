-- docs/decisions/025, h17: checkout_batch() does less per order inside PostgreSQL. Same arguments, same rows out,
-- same writes; the orders, boxes and lines are inserted exactly as in 0019.
-- * When every stock row the batch's placed orders need is there and holds what all of them need together (the
--   usual case), every placed order fits whatever the order of hand-out, so the batch is answered, the stock taken
--   and the carts emptied by a few set-based statements, instead of two queries, a jsonb copy per need and a
--   RETURN NEXT per order in a PL/pgSQL loop. Otherwise (something short or missing) the loop of 0019 runs, as before.
-- * The carts' DELETEs read their arrays through a sub-select, so PostgreSQL keeps one generic plan for them instead
--   of planning them on every call (PL/pgSQL variables are parameters; the same custom-plan choice as the cart read, h16).
CREATE OR REPLACE FUNCTION checkout_batch(batch jsonb)
RETURNS TABLE (r_key text, r_outcome text, r_order_id uuid, r_created_at timestamptz, r_product_id int, r_option_key text)
LANGUAGE plpgsql AS $$
DECLARE
  now_at timestamptz := (batch->>'now')::timestamptz;
  orders_in jsonb := batch->'orders';
  placed jsonb;
  stock_left jsonb := '{}'::jsonb;
  all_fit boolean;
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
    FROM jsonb_to_recordset(orders_in) AS x(user_id bigint, email text, buyer_name text, key text, fingerprint text,
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
      FROM jsonb_array_elements(orders_in) AS e(v), jsonb_to_recordset(e.v->'needs') AS w(product_id int, option_key text, quantity int)
      WHERE placed ? (e.v->>'key')
    ) w ON w.product_id = ps.product_id AND w.option_key = ps.option_key
    ORDER BY ps.product_id, ps.option_key
    FOR UPDATE OF ps
  LOOP
    stock_left := stock_left || jsonb_build_object(n.product_id::text || '/' || n.option_key, n.quantity);
  END LOOP;

  -- Everything fits: each row holds what all the placed orders need from it together.
  SELECT bool_and(stock_left ? t.k AND (stock_left->>t.k)::int >= t.q) INTO all_fit
  FROM (
    SELECT w.product_id::text || '/' || w.option_key AS k, sum(w.quantity) AS q
    FROM jsonb_array_elements(orders_in) AS e(v), jsonb_to_recordset(e.v->'needs') AS w(product_id int, option_key text, quantity int)
    WHERE placed ? (e.v->>'key')
    GROUP BY 1
  ) t;

  IF all_fit THEN
    -- Every placed order accepted, in arrival order; a key placed elsewhere meanwhile is 'taken'.
    RETURN QUERY
      SELECT e.v->>'key',
             CASE WHEN placed ? (e.v->>'key') THEN 'accepted' ELSE 'taken' END,
             (placed->(e.v->>'key')->>'id')::uuid,
             (placed->(e.v->>'key')->>'at')::timestamptz,
             NULL::int, NULL::text
      FROM jsonb_array_elements(orders_in) WITH ORDINALITY AS e(v, ord)
      ORDER BY e.ord;
    UPDATE product_stock ps SET quantity = ps.quantity - t.q
    FROM (
      SELECT w.product_id, w.option_key, sum(w.quantity)::int AS q
      FROM jsonb_array_elements(orders_in) AS e(v), jsonb_to_recordset(e.v->'needs') AS w(product_id int, option_key text, quantity int)
      WHERE placed ? (e.v->>'key')
      GROUP BY 1, 2
    ) t
    WHERE ps.product_id = t.product_id AND ps.option_key = t.option_key AND t.q <> 0;
    SELECT coalesce(array_agg((e.v->'clear'->>'user_id')::bigint) FILTER (WHERE e.v->'clear' ? 'user_id'), '{}'),
           coalesce(array_agg(e.v->'clear'->>'guest_hash') FILTER (WHERE NOT e.v->'clear' ? 'user_id' AND e.v->'clear' ? 'guest_hash'), '{}')
      INTO clear_users, clear_guests
    FROM jsonb_array_elements(orders_in) AS e(v)
    WHERE placed ? (e.v->>'key');
    SELECT coalesce(array_agg(l.id::bigint), '{}') INTO clear_lines
    FROM jsonb_array_elements(orders_in) AS e(v), jsonb_array_elements_text(e.v->'clear'->'line_ids') AS l(id)
    WHERE placed ? (e.v->>'key') AND NOT e.v->'clear' ? 'user_id' AND NOT e.v->'clear' ? 'guest_hash' AND e.v->'clear' ? 'line_ids';
  ELSE
    -- Handed out in arrival order while enough is left.
    FOR o IN SELECT e.v, e.v->>'key' AS key FROM jsonb_array_elements(orders_in) WITH ORDINALITY AS e(v, ord) ORDER BY e.ord LOOP
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
  END IF;

  IF cardinality(clear_users) > 0 THEN
    DELETE FROM cart_items WHERE cart_id = ANY(ARRAY(SELECT id FROM carts WHERE user_id = ANY((SELECT clear_users)::bigint[])));
  END IF;
  IF cardinality(clear_guests) > 0 THEN
    DELETE FROM cart_items WHERE cart_id = ANY(ARRAY(SELECT id FROM carts WHERE guest_token_hash = ANY((SELECT clear_guests)::text[])));
  END IF;
  IF cardinality(clear_lines) > 0 THEN
    DELETE FROM cart_items WHERE id = ANY((SELECT clear_lines)::bigint[]);
  END IF;
END $$;
