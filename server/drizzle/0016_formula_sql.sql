-- The formula engine's arithmetic in SQL (docs/formula-sql.md): what a formula compiled to SQL
-- (server/src/modules/subjects/formula-sql.ts) calls, so that it computes what the formula engine
-- (mathjs BigNumber, 34 significant digits, comparisons within a relative tolerance of 1e-12 and an
-- absolute one of 1e-15) computes for the same record. Pure functions of their arguments.
CREATE FUNCTION assay_f_isnum(t text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT t ~ '^-?[0-9]+(\.[0-9]+)?$' $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_num(t text) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN t ~ '^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,4})?$' THEN t::numeric END $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_sig(q numeric) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN q = 0 THEN 0 ELSE round(q, 33 - floor(log(abs(q)))::int) END $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_div(a numeric, b numeric) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN b = 0 THEN NULL ELSE assay_f_sig(round(a, 70) / b) END $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_near(a numeric, b numeric) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT a = b OR abs(a - b) <= greatest(greatest(abs(a), abs(b)) * 1e-12, 1e-15) $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_round(x numeric, n int) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN n >= 12 THEN round(x, n)
  WHEN assay_f_near(x, round(x, 12)) THEN round(round(x, 12), n) ELSE round(x, n) END $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_floor(x numeric) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN floor(x) = assay_f_round(x, 0) THEN floor(x)
  WHEN assay_f_near(x, assay_f_round(x, 0)) AND NOT assay_f_near(x, floor(x)) THEN assay_f_round(x, 0)
  ELSE floor(x) END $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_ceil(x numeric) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN ceil(x) = assay_f_round(x, 0) THEN ceil(x)
  WHEN assay_f_near(x, assay_f_round(x, 0)) AND NOT assay_f_near(x, ceil(x)) THEN assay_f_round(x, 0)
  ELSE ceil(x) END $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_mod(x numeric, y numeric) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN y = 0 THEN x ELSE assay_f_sig(x - assay_f_sig(y * assay_f_floor(assay_f_div(x, y)))) END $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_text(x numeric) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT trim_scale(x)::text $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_eq_num(a numeric, b numeric) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN a IS NULL OR b IS NULL THEN a IS NULL AND b IS NULL ELSE assay_f_near(a, b) END $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_eq_text(a text, a_field boolean, b text, b_field boolean) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN a IS NULL OR b IS NULL THEN a IS NULL AND b IS NULL
  WHEN a_field AND assay_f_isnum(a) AND b_field AND assay_f_isnum(b) THEN assay_f_near(a::numeric, b::numeric)
  WHEN a_field AND assay_f_isnum(a) THEN assay_f_near(a::numeric, assay_f_num(b))
  WHEN b_field AND assay_f_isnum(b) THEN assay_f_near(assay_f_num(a), b::numeric)
  ELSE a = b END $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_eq_num_text(x numeric, t text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN x IS NULL OR t IS NULL THEN x IS NULL AND t IS NULL ELSE assay_f_near(x, assay_f_num(t)) END $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_lt(a numeric, b numeric) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT a < b AND NOT assay_f_near(a, b) $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_le(a numeric, b numeric) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT a <= b OR assay_f_near(a, b) $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_truth_text(t text, field boolean) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN t IS NULL THEN false WHEN field AND assay_f_isnum(t) THEN t::numeric <> 0 ELSE t <> '' END $$;
--> statement-breakpoint
CREATE FUNCTION assay_f_text_of(t text, field boolean) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN field AND assay_f_isnum(t) THEN assay_f_text(t::numeric) ELSE t END $$;
