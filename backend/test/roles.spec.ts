import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ROLES, type Role, roleAllows } from '../src/identity/roles.js';
import { createAccount, signedInAs } from './support/accounts.js';
import { accessRules, servedRoutes } from './support/routes.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Agent = ReturnType<typeof request.agent>;

/** The least role of each route, as docs/api.md's table gives it. */
const DOCUMENTED: Record<string, Role> = {
  'GET /api/admin/contacts': 'viewer',
  'GET /api/admin/contacts/:id': 'viewer',
  'GET /api/admin/analytics': 'viewer',
  'GET /api/admin/analytics/trend': 'viewer',
  'PATCH /api/admin/contacts/:id': 'member',
  'POST /api/admin/contacts/:id/redeliver': 'member',
  'GET /api/admin/contacts/export.csv': 'member',
  'DELETE /api/admin/contacts/:id': 'admin',
  'POST /api/admin/contacts/bulk': 'member',
  'POST /api/admin/contacts/bulk-delete': 'admin',
  'POST /api/admin/erasures': 'admin',
  'GET /api/admin/users': 'admin',
  'PATCH /api/admin/users/:id': 'admin',
  'GET /api/admin/assignees/disabled': 'admin',
  'POST /api/admin/invitations': 'admin',
  'DELETE /api/admin/invitations/:id': 'admin',
  'GET /api/auth/me': 'viewer',
  'PATCH /api/auth/me': 'viewer',
  'POST /api/auth/password': 'viewer',
  'GET /api/admin/events': 'viewer',
  'POST /api/admin/settings/test-email': 'admin',
  'GET /api/admin/settings/auto-reply': 'admin',
  'PUT /api/admin/settings/auto-reply': 'admin',
  'GET /api/admin/settings/booking': 'admin',
  'PUT /api/admin/settings/booking': 'admin',
  // Whether e-mail is set up, which the drawer tells every role.
  'GET /api/admin/settings/email': 'viewer',
  'GET /api/admin/contacts/:id/emails': 'viewer',
  'GET /api/admin/webhooks': 'admin',
  'POST /api/admin/webhooks': 'admin',
  'PATCH /api/admin/webhooks/:id': 'admin',
  'DELETE /api/admin/webhooks/:id': 'admin',
  'POST /api/admin/webhooks/:id/rotate-secret': 'admin',
  'POST /api/admin/webhooks/:id/test': 'admin',
  'GET /api/admin/webhooks/:id/deliveries': 'admin',
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver': 'admin',
  'GET /api/admin/spreadsheet': 'admin',
  'GET /api/admin/spreadsheet/deliveries': 'admin',
  'POST /api/admin/spreadsheet/deliveries/:deliveryId/redeliver': 'admin',
  'GET /api/admin/settings/response-time': 'viewer',
  'PUT /api/admin/settings/response-time': 'admin',
  'GET /api/admin/analytics/response-time': 'viewer',
  'GET /api/admin/routing': 'member',
  'PUT /api/admin/routing': 'admin',
  'POST /api/admin/routing/test': 'member',
};

/**
 * Reads a JSON answer whole, but only the status and headers of an event stream (which
 * stays open until the client leaves): the matrix walks the live events route too.
 */
function hangUpOnStreams(res: IncomingMessage, done: (error: Error | null, body: unknown) => void): void {
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    res.destroy();
    done(null, {});
    return;
  }
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => done(null, text.startsWith('{') ? JSON.parse(text) : {}));
}

describe('roles', () => {
  let sut: TestApp;
  const agents = new Map<Role | 'signed out', Agent>();

  beforeAll(async () => {
    sut = await createTestApp();
    agents.set('signed out', request.agent(sut.server));
    for (const role of ROLES) agents.set(role, await signedInAs(sut, await createAccount(sut, role)));
  });
  afterAll(() => sut.close());

  it('cover every route the app serves: each is @Public() or has a @MinRole() (deny by default)', () => {
    const rules = accessRules(sut);
    const served = servedRoutes(sut).filter((route) => !/ \/api\/docs/.test(route));

    const unruled = served.filter((route) => {
      const rule = rules.get(route);
      return !rule || (!rule.isPublic && !rule.minRole);
    });
    expect(unruled).toEqual([]);
    expect(served.filter((route) => / \/api\/(admin|auth)\//.test(route)).length).toBeGreaterThanOrEqual(
      Object.keys(DOCUMENTED).length,
    );
  });

  it("follow docs/api.md's roles", () => {
    const rules = accessRules(sut);

    const declared = Object.fromEntries(Object.keys(DOCUMENTED).map((route) => [route, rules.get(route)?.minRole]));
    expect(declared).toEqual(DOCUMENTED);
  });

  // The matrix, generated from the routes as they are declared: every guarded route for
  // every role and for nobody signed in. The body and id are empty or unknown, so a call
  // that passes the guard ends at validation or "not found", and changes nothing.
  const matrix = () =>
    [...accessRules(sut)].filter(([, rule]) => !rule.isPublic).map(([route, rule]) => ({ route, minRole: rule.minRole! }));

  it('answer 401 to nobody signed in, 403 naming the role to a role below, and let the others through', async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const { route, minRole } of matrix()) {
      const [method, path] = route.split(' ');
      const url = path.replace(':id', randomUUID());
      for (const [who, agent] of agents) {
        const call = agent[method.toLowerCase() as 'get'](url)
          .buffer(true)
          .parse(hangUpOnStreams as never); // (superagent types the parser's stream as its own Response)
        const res = await (method === 'GET' || method === 'DELETE' ? call : call.send({}));
        const message = (res.body as { message?: unknown }).message;
        outcomes.push(
          `${who} ${route}: ${res.status === 401 || res.status === 403 ? `${res.status} ${String(message)}` : 'through'}`,
        );
        const allowed = who !== 'signed out' && roleAllows(who, minRole);
        expected.push(
          `${who} ${route}: ${who === 'signed out' ? '401 Sign in to continue' : allowed ? 'through' : `403 ${String(message)}`}`,
        );
        if (who !== 'signed out' && !allowed) expect(message).toMatch(new RegExp(`\\b${minRole}\\b.*your role is ${who}$`));
      }
    }
    expect(outcomes).toEqual(expected);
    expect(matrix().length).toBeGreaterThanOrEqual(Object.keys(DOCUMENTED).length);
  });

  it('name the roles that may do it in a 403', async () => {
    const res = await agents.get('viewer')!.delete(`/api/admin/contacts/${randomUUID()}`).expect(403);

    expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Only an admin may do this; your role is viewer' });
  });
});
