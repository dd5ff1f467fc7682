/**
 * One place per API route that says who may call it and how to call it (an access
 * matrix test enumerates every registered API route, and a new route without an entry in the
 * matrix fails it; every mutating route writes exactly one audit entry, enumerated the same
 * way).
 *
 * Each module keeps its routes' specs in `server/src/modules/<module>/<module>.route-specs.ts`,
 * exporting `ROUTE_SPECS: RouteSpecs`, keyed `METHOD url` with Fastify's url pattern
 * (`GET /api/v1/users/:id`). Two tests read them all:
 *  - access-matrix.test.ts calls every route as anonymous, viewer, editor, owner and admin (`call`)
 *    and checks 401 (anonymous refused) / `denyStatus` (403 by default) for refused roles, and
 *    "not 401/403, not 5xx" for allowed ones;
 *  - audit.routes-walk.test.ts runs every mutating route's `audit` scenario once and checks that it
 *    succeeded (2xx) and appended exactly one declared audit entry; every PATCH/PUT is then asked
 *    the same change again (`noop`), which must write nothing and answer `unchanged: true`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, createUser, DEFAULT_PASSWORD, initAdmin, json, login } from './helpers';

export type Role = 'anonymous' | 'viewer' | 'editor' | 'owner' | 'admin';
export const ROLES: readonly Role[] = ['anonymous', 'viewer', 'editor', 'owner', 'admin'];
/** Every signed-in role. */
export const SIGNED_IN: readonly Role[] = ['viewer', 'editor', 'owner', 'admin'];
/** The owner and the administrator (who manages every application). */
export const MANAGERS: readonly Role[] = ['owner', 'admin'];

/** A signed-in account of the world. */
export interface WorldUser {
  id: string;
  email: string;
  /** The `cookie` header (`assay_session=…`). */
  cookie: string;
}

/**
 * What every spec gets: an initialised app with an administrator, and one application (`slug`)
 * whose viewer, editor and owner are three plain users (none of them administrators).
 */
export interface World {
  app: FastifyInstance;
  slug: string;
  appId: string;
  users: Record<Exclude<Role, 'anonymous'>, WorldUser>;
}

export interface RouteSpec {
  /** The roles that pass the route's access check. */
  allow: readonly Role[];
  /** The status a refused signed-in role gets, when it is not 403 (e.g. 404 where existence is hidden). */
  denyStatus?: number;
  /**
   * Calls the route once with `cookie` (undefined = anonymous), for the access matrix. Pick an input
   * whose answer for an allowed role is neither 401 nor 403 and that leaves the world usable for
   * the next role: invalid input (→ 400), an id that does not exist (→ 404), or an object made
   * for the purpose in `w` (the world is shared by every spec, in registration order).
   */
  call: (w: World, cookie: string | undefined, role: Role) => Promise<LightMyRequestResponse>;
  /**
   * Mutating routes: one successful call (2xx) for the audit walk. `prepare` runs first and its
   * entries are not counted; `run` must append exactly one entry. The walk's world is its own.
   */
  audit?: {
    prepare?: (w: World) => Promise<unknown>;
    /** Method syntax on purpose: a scenario narrows `prepared` to what its own `prepare` returns. */
    run(w: World, prepared: unknown): Promise<LightMyRequestResponse>;
    /**
     * PATCH/PUT routes: the same change asked again, after `run` — a no-op that must answer 2xx with
     * `unchanged: true`, write no entry and log no error. Default: `run` once more; give this when
     * a repeat differs (e.g. a new `version`).
     */
    noop?(w: World, prepared: unknown): Promise<LightMyRequestResponse>;
  };
}

export type RouteSpecs = Record<string, RouteSpec>;

/** Every module's ROUTE_SPECS, merged; a key declared twice throws. */
export async function loadRouteSpecs(): Promise<RouteSpecs> {
  const modules = path.resolve(__dirname, '..', 'modules');
  const all: RouteSpecs = {};
  for (const dir of readdirSync(modules).sort()) {
    for (const file of readdirSync(path.join(modules, dir)).sort()) {
      if (!file.endsWith('.route-specs.ts')) continue;
      const mod = (await import(pathToFileURL(path.join(modules, dir, file)).href)) as { ROUTE_SPECS?: RouteSpecs };
      if (!mod.ROUTE_SPECS) throw new Error(`${dir}/${file} exports no ROUTE_SPECS`);
      for (const [key, spec] of Object.entries(mod.ROUTE_SPECS)) {
        if (all[key]) throw new Error(`${key} has two specs (second in ${dir}/${file})`);
        all[key] = spec;
      }
    }
  }
  return all;
}

/**
 * Builds the world on a fresh app: the administrator (admin@example.com), three users and the
 * application `matrix` with them as viewer, editor and owner.
 */
export async function buildWorld(
  app: FastifyInstance,
  existingAdmin?: { user: { id: string }; email: string; password: string },
): Promise<World> {
  const admin = existingAdmin ?? (await initAdmin(app));
  const adminCookie = await login(app, admin.email, admin.password);
  const make = async (role: 'viewer' | 'editor' | 'owner'): Promise<WorldUser> => {
    const created = await createUser(app, adminCookie, { name: `World ${role}`, email: `world.${role}@example.com` });
    return { id: created.user.id, email: created.email, cookie: await login(app, created.email, DEFAULT_PASSWORD) };
  };
  const users = {
    admin: { id: admin.user.id, email: admin.email, cookie: adminCookie },
    viewer: await make('viewer'),
    editor: await make('editor'),
    owner: await make('owner'),
  };
  const created = await call(app, 'POST', '/api/v1/applications', { cookie: adminCookie, body: { slug: 'matrix', name: 'Matrix' } });
  if (created.statusCode !== 201) throw new Error(`world application: ${created.statusCode} ${created.body}`);
  const appId = json<{ data: { id: string } }>(created).data.id;
  for (const role of ['viewer', 'editor', 'owner'] as const) {
    const res = await call(app, 'POST', '/api/v1/applications/matrix/members', {
      cookie: adminCookie,
      body: { email: users[role].email, role },
    });
    if (res.statusCode !== 200) throw new Error(`world member ${role}: ${res.statusCode} ${res.body}`);
  }
  return { app, slug: 'matrix', appId, users };
}

/** The cookie of `role` in `w` (undefined for anonymous). */
export function cookieOf(w: World, role: Role): string | undefined {
  return role === 'anonymous' ? undefined : w.users[role].cookie;
}

/** A uuid that names nothing. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';
