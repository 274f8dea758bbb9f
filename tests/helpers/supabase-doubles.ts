import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SignJWT, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import pg from 'pg';

/**
 * Local doubles of the two Supabase services the app's adapters call, behind one HTTP server as
 * Supabase's API gateway puts them: Auth (GoTrue, /auth/v1/…) used by @supabase/ssr and supabase-js
 * (lib/auth/supabase-client.ts, lib/auth/request-session.ts), and Storage (/storage/v1/…) used by
 * supabase-js's storage client (lib/storage/supabase.ts). They keep their data where the real services
 * do: users in auth.users of the project's Postgres (GoTrue owns that table), object rows in
 * storage.objects (written under the caller's role and JWT claims, as the Storage server does, so the
 * migrations' row-level-security policies decide), file bytes in memory (Storage's S3 or file backend).
 *
 * Request and response shapes follow the published sources, not this app's code:
 * - Auth, supabase/auth: openapi.yaml (AccessTokenResponseSchema, UserSchema, ErrorSchema);
 *   internal/api/apierrors/apierrors.go (HTTPError {code, error_code, msg}; OAuthError {error,
 *   error_description}); internal/api/errors.go (HandleResponseError: a request with
 *   `X-Supabase-Api-Version: 2024-01-01` or later, which auth-js sends, gets {code: <error code>, message}
 *   and the `x-sb-error-code` header; a weak password adds `weak_password: {reasons}`, HTTP 422);
 *   internal/api/apierrors/errorcode.go (the error codes); internal/api/token.go ("Invalid login
 *   credentials", invalid_credentials, 400); internal/api/signup.go (user_already_exists "User already
 *   registered", 422, when sign-ups are auto-confirmed, as `supabase start` has them); internal/api/password.go
 *   (checkPasswordStrength's messages and reasons); internal/api/user.go (same_password, 422);
 *   internal/api/logout.go (204; scopes global, local, others); internal/api/auth.go (no_authorization 401,
 *   bad_jwt 403 "invalid JWT: unable to parse or verify signature, …"); internal/tokens/service.go (the
 *   refresh grant: refresh_token_not_found "Invalid Refresh Token: Refresh Token Not Found",
 *   refresh_token_already_used "Invalid Refresh Token: Already Used", the 10-second reuse interval).
 * - Storage, supabase/storage: src/internal/errors/storage-error.ts (render(): {statusCode: '<status as a
 *   string>', code, error, message}); src/http/error-handler.ts (the HTTP status is 400 unless the error
 *   carries a user status code, so a missing bucket is HTTP 400 with statusCode "404");
 *   src/internal/errors/codes.ts (NoSuchBucket "Bucket not found", NoSuchKey "Object not found" error
 *   'not_found', KeyAlreadyExists 'Duplicate' "The resource already exists", AccessDenied 'Unauthorized');
 *   src/storage/database/errors.ts (42501 → AccessDenied "new row violates row-level security policy");
 *   src/http/plugins/jwt.ts (a bad JWT → ERRORS.AccessDenied with the verifier's message: statusCode
 *   "403" in an HTTP 400); src/http/routes/bucket/createBucket.ts ({name, id, public} → {name}, created
 *   as the caller; src/storage/database/pg.ts: a taken id is BucketAlreadyExists 'Duplicate', 409);
 *   src/http/routes/object/createObject.ts ({Id, Key}, x-upsert), listObjects.ts (prefix, limit, offset,
 *   sortBy, search), deleteObjects.ts ({prefixes} → the deleted objects), getPublicObject.ts.
 * - The client side, supabase-js auth-js (node_modules/@supabase/auth-js lib/constants.ts and lib/fetch.ts):
 *   every request carries `X-Supabase-Api-Version: 2024-01-01`; an error's code is read from `code` (that
 *   version) or `error_code` (older), a weak password from `weak_password.reasons`.
 */

export interface DoubleCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  status: number;
  /** The role of the bearer token (`anon`, `authenticated`, `service_role`), or null. */
  role: string | null;
  apiVersion: string | null;
}

export interface SupabaseDoublesOptions {
  port: number;
  /** The project's Postgres, as a superuser: auth.users and storage.* live there. */
  databaseUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** GoTrue's GOTRUE_JWT_EXP; 3600 by default, as on Supabase. */
  jwtExpirySeconds?: number;
  /** GoTrue's GOTRUE_PASSWORD_MIN_LENGTH (Supabase's default: 6). */
  passwordMinLength?: number;
  /** GoTrue's GOTRUE_PASSWORD_REQUIRED_CHARACTERS: each set must be represented. */
  passwordRequiredCharacters?: string[];
}

interface AuthSession {
  id: string;
  userId: string;
  /** The refresh token currently valid for the session. */
  active: string;
}

interface RefreshToken {
  sessionId: string;
  revokedAt: number | null;
}

interface StoredFile {
  bytes: Buffer;
  contentType: string;
  cacheControl: string;
}

export interface SupabaseDoubles {
  url: string;
  calls: DoubleCall[];
  /** Files by `bucket/path`, as the Storage backend holds them. */
  files: Map<string, StoredFile>;
  /** The open sessions' ids (a sign-out removes them). */
  sessionIds(): string[];
  /** An access token as GoTrue signs it, for a user's session, of any lifetime (negative: expired). */
  accessToken(userId: string, sessionId: string, expiresInSeconds: number): Promise<string>;
  /** Whether a refresh token has been rotated out (used once). */
  isRefreshTokenUsed(token: string): boolean;
  stop(): Promise<void>;
}

/** GoTrue's refresh-token reuse interval (GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL, 10 s). */
const REUSE_INTERVAL_MS = 10_000;
/** The earliest API version with the {code, message} error body (internal/api/errors.go, APIVersion20240101). */
const API_VERSION_2024 = '2024-01-01';

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
  }
}

class StorageApiError extends Error {
  /**
   * @param statusCode the status the error renders in its body (a string there)
   * @param httpStatus what the server answers with: 400 unless the error carries its own status
   */
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    readonly httpStatus = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
  }
}

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}

function passwordMatches(password: string, stored: string | null): boolean {
  const [scheme, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  return timingSafeEqual(scryptSync(password, Buffer.from(salt, 'base64'), 32), Buffer.from(hash, 'base64'));
}

/** The token of an `Authorization: Bearer …` header. */
function bearerToken(req: IncomingMessage): string | undefined {
  return /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseJson(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  const parsed: unknown = JSON.parse(raw.toString());
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startSupabaseDoubles(options: SupabaseDoublesOptions): Promise<SupabaseDoubles> {
  const secret = new TextEncoder().encode(options.jwtSecret);
  const url = `http://127.0.0.1:${options.port}`;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  // pool.end() settles before its connections have closed, so a test that stops its Postgres server right
  // after stop() may drop one mid-goodbye: an 'error' on the pool, which without a listener ends the worker.
  pool.on('error', () => undefined);
  const calls: DoubleCall[] = [];
  const files = new Map<string, StoredFile>();
  const sessions = new Map<string, AuthSession>();
  const refreshTokens = new Map<string, RefreshToken>();
  const jwtExpiry = options.jwtExpirySeconds ?? 3600;
  const minLength = options.passwordMinLength ?? 6;
  const requiredCharacters = options.passwordRequiredCharacters ?? [];

  // ── Auth (GoTrue) ─────────────────────────────────────────────────────────────────────────────────

  interface UserRow {
    id: string;
    email: string;
    encrypted_password: string | null;
    email_confirmed_at: Date | null;
    last_sign_in_at: Date | null;
    created_at: Date;
    updated_at: Date;
    raw_app_meta_data: Record<string, unknown>;
    raw_user_meta_data: Record<string, unknown>;
  }

  const USER_COLUMNS = 'id::text as id, email, encrypted_password, email_confirmed_at, last_sign_in_at, created_at, updated_at, raw_app_meta_data, raw_user_meta_data';

  async function findUser(where: 'id' | 'email', value: string): Promise<UserRow | null> {
    const condition = where === 'id' ? 'id = $1::uuid' : 'lower(email) = lower($1)';
    const { rows } = await pool.query<UserRow>(`select ${USER_COLUMNS} from auth.users where ${condition}`, [value]);
    return rows[0] ?? null;
  }

  /** openapi.yaml UserSchema. */
  function userJson(user: UserRow) {
    const iso = (date: Date | null) => (date ? date.toISOString() : undefined);
    return {
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      email_confirmed_at: iso(user.email_confirmed_at),
      phone: '',
      confirmed_at: iso(user.email_confirmed_at),
      last_sign_in_at: iso(user.last_sign_in_at),
      app_metadata: { provider: 'email', providers: ['email'], ...user.raw_app_meta_data },
      user_metadata: user.raw_user_meta_data,
      identities: [],
      created_at: user.created_at.toISOString(),
      updated_at: user.updated_at.toISOString(),
      is_anonymous: false,
    };
  }

  /** The claims GoTrue puts in an access token (internal/tokens: AccessTokenClaims). */
  async function accessToken(user: { id: string; email: string }, sessionId: string, expiresIn: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: user.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(`${url}/auth/v1`)
      .setSubject(user.id)
      .setAudience('authenticated')
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(secret);
  }

  function newRefreshToken(sessionId: string): string {
    // GoTrue's refresh tokens are short random strings (12 characters since v2.x).
    const token = randomBytes(9).toString('base64url');
    refreshTokens.set(token, { sessionId, revokedAt: null });
    return token;
  }

  /** openapi.yaml AccessTokenResponseSchema. */
  async function tokenResponse(user: UserRow, session: AuthSession) {
    return {
      access_token: await accessToken(user, session.id, jwtExpiry),
      token_type: 'bearer',
      expires_in: jwtExpiry,
      expires_at: Math.floor(Date.now() / 1000) + jwtExpiry,
      refresh_token: session.active,
      user: userJson(user),
    };
  }

  async function startSession(user: UserRow) {
    const id = randomUUID();
    const session: AuthSession = { id, userId: user.id, active: '' };
    session.active = newRefreshToken(id);
    sessions.set(id, session);
    const { rows } = await pool.query<UserRow>(`update auth.users set last_sign_in_at = now() where id = $1::uuid returning ${USER_COLUMNS}`, [user.id]);
    return tokenResponse(rows[0], session);
  }

  /** internal/api/password.go checkPasswordStrength. */
  function checkPasswordStrength(password: string): void {
    const messages: string[] = [];
    const reasons: string[] = [];
    if (password.length < minLength) {
      reasons.push('length');
      messages.push(`Password should be at least ${minLength} characters.`);
    }
    if (requiredCharacters.some((set) => set !== '' && ![...set].some((c) => password.includes(c)))) {
      reasons.push('characters');
      messages.push(`Password should contain at least one character of each: ${requiredCharacters.join(', ')}.`);
    }
    if (reasons.length > 0) throw new AuthError(422, 'weak_password', messages.join(' '), reasons);
  }

  /** The bearer token's user and session (internal/api/auth.go requireAuthentication, then the session check). */
  async function authenticated(req: IncomingMessage): Promise<{ user: UserRow; session: AuthSession; claims: JWTPayload }> {
    const token = bearerToken(req);
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, secret, { audience: 'authenticated' }));
    } catch (error) {
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`);
    }
    const session = sessions.get(String(claims.session_id));
    if (!session) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    const user = await findUser('id', String(claims.sub));
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, session, claims };
  }

  function requireApiKey(req: IncomingMessage): void {
    const key = req.headers.apikey;
    if (key !== options.anonKey && key !== options.serviceRoleKey) throw new AuthError(401, 'no_authorization', 'Invalid API key');
  }

  async function auth(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, body: Record<string, unknown>): Promise<void> {
    requireApiKey(req);
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/token') {
      const grant = query.get('grant_type');
      if (grant === 'password') {
        const email = typeof body.email === 'string' ? body.email : '';
        const password = typeof body.password === 'string' ? body.password : '';
        if (!email) throw new AuthError(400, 'validation_failed', 'missing email or phone');
        const user = await findUser('email', email);
        if (!user || !passwordMatches(password, user.encrypted_password)) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
        if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
        return sendJson(res, 200, await startSession(user));
      }
      if (grant === 'refresh_token') {
        const presented = typeof body.refresh_token === 'string' ? body.refresh_token : '';
        const record = refreshTokens.get(presented);
        const session = record && sessions.get(record.sessionId);
        if (!record || !session) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        const user = await findUser('id', session.userId);
        if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        if (record.revokedAt !== null) {
          // A used token inside the reuse interval gets the session's current token (concurrent requests);
          // later, it is taken as theft and the whole session ends.
          if (Date.now() - record.revokedAt > REUSE_INTERVAL_MS) {
            sessions.delete(session.id);
            throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
          }
          return sendJson(res, 200, await tokenResponse(user, session));
        }
        record.revokedAt = Date.now();
        session.active = newRefreshToken(session.id);
        return sendJson(res, 200, await tokenResponse(user, session));
      }
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    }

    if (method === 'POST' && path === '/signup') {
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      if (!password) throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
      if (await findUser('email', email)) throw new AuthError(422, 'user_already_exists', 'User already registered');
      checkPasswordStrength(password);
      // Auto-confirmed (GOTRUE_MAILER_AUTOCONFIRM, `supabase start`'s default): the answer is a session.
      const { rows } = await pool.query<UserRow>(
        `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, now()) returning ${USER_COLUMNS}`,
        [email, hashPassword(password)],
      );
      return sendJson(res, 200, await startSession(rows[0]));
    }

    if (method === 'GET' && path === '/user') {
      const { user } = await authenticated(req);
      return sendJson(res, 200, userJson(user));
    }

    if (method === 'PUT' && path === '/user') {
      const { user } = await authenticated(req);
      if (typeof body.password === 'string') {
        checkPasswordStrength(body.password);
        if (passwordMatches(body.password, user.encrypted_password)) {
          throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
        }
        await pool.query('update auth.users set encrypted_password = $2 where id = $1::uuid', [user.id, hashPassword(body.password)]);
      }
      return sendJson(res, 200, userJson((await findUser('id', user.id)) ?? user));
    }

    if (method === 'POST' && path === '/logout') {
      const { session } = await authenticated(req);
      const scope = query.get('scope') ?? 'global';
      if (!['global', 'local', 'others'].includes(scope)) throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
      for (const other of [...sessions.values()]) {
        if (other.userId !== session.userId) continue;
        if (scope === 'local' && other.id !== session.id) continue;
        if (scope === 'others' && other.id === session.id) continue;
        sessions.delete(other.id);
      }
      res.writeHead(204).end();
      return;
    }

    throw new AuthError(404, 'not_found', `No route ${method} /auth/v1${path}`);
  }

  function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthError): void {
    const version = req.headers['x-supabase-api-version'];
    const headers = { 'x-sb-error-code': error.errorCode };
    const weak = error.weakPasswordReasons ? { weak_password: { reasons: error.weakPasswordReasons } } : {};
    if (typeof version === 'string' && version >= API_VERSION_2024) {
      sendJson(res, error.status, { code: error.errorCode, message: error.message, ...weak }, { ...headers, 'X-Supabase-Api-Version': API_VERSION_2024 });
    } else {
      sendJson(res, error.status, { code: error.status, error_code: error.errorCode, msg: error.message, ...weak }, headers);
    }
  }

  // ── Storage ───────────────────────────────────────────────────────────────────────────────────────

  /** src/http/plugins/jwt.ts: the bearer token decides the role; a bad one is AccessDenied with the verifier's message. */
  async function storageCaller(req: IncomingMessage): Promise<JWTPayload> {
    const token = bearerToken(req) ?? '';
    try {
      const { payload } = await jwtVerify(token, secret);
      if (!['anon', 'authenticated', 'service_role'].includes(String(payload.role))) {
        throw new StorageApiError(403, 'AccessDenied', 'Unauthorized', 'Access denied: Invalid role', 403);
      }
      return payload;
    } catch (error) {
      if (error instanceof StorageApiError) throw error;
      throw new StorageApiError(403, 'AccessDenied', 'Unauthorized', (error as Error).message);
    }
  }

  /** Runs queries as the Storage server does: the caller's role and JWT claims, transaction-local. */
  async function asCaller<T>(claims: JWTPayload, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [String(claims.role), JSON.stringify(claims)]);
      const result = await fn(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      const code = (error as { code?: string }).code;
      if (code === '42501') {
        const message = (error as Error).message.includes('row-level security') ? 'new row violates row-level security policy' : (error as Error).message;
        throw new StorageApiError(403, 'AccessDenied', 'Unauthorized', message);
      }
      throw error;
    } finally {
      client.release();
    }
  }

  async function bucketOf(id: string): Promise<{ id: string; public: boolean }> {
    // Storage looks buckets up as the superuser (src/storage/storage.ts, asSuperUser().findBucketById).
    const { rows } = await pool.query<{ id: string; public: boolean }>('select id, public from storage.buckets where id = $1', [id]);
    if (!rows[0]) throw new StorageApiError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
    return rows[0];
  }

  interface ObjectRow {
    id: string;
    name: string;
    bucket_id: string;
    owner: string | null;
    created_at: Date;
    updated_at: Date;
    last_accessed_at: Date;
    metadata: Record<string, unknown> | null;
  }

  const OBJECT_COLUMNS = 'id::text as id, name, bucket_id, owner::text as owner, created_at, updated_at, last_accessed_at, metadata';

  async function storage(req: IncomingMessage, res: ServerResponse, path: string, raw: Buffer): Promise<void> {
    const method = req.method ?? 'GET';
    const publicMatch = /^\/object\/public\/([^/]+)\/(.+)$/.exec(path);
    if (method === 'GET' && publicMatch) {
      const [bucketId, name] = [publicMatch[1], decodeURIComponent(publicMatch[2])];
      const bucket = await bucketOf(bucketId);
      const file = files.get(`${bucketId}/${name}`);
      if (!bucket.public || !file) throw new StorageApiError(404, 'NoSuchKey', 'not_found', 'Object not found');
      res.writeHead(200, { 'Content-Type': file.contentType, 'Cache-Control': file.cacheControl, 'Content-Length': String(file.bytes.length) });
      res.end(file.bytes);
      return;
    }

    const claims = await storageCaller(req);
    if (method === 'POST' && path === '/bucket') {
      const body = parseJson(raw);
      if (typeof body.name !== 'string') throw new StorageApiError(400, 'InvalidRequest', 'Bad Request', "body must have required property 'name'");
      const values = [typeof body.id === 'string' && body.id ? body.id : body.name, body.name, body.public === true];
      await asCaller(claims, async (client) => {
        try {
          await client.query('insert into storage.buckets (id, name, public) values ($1, $2, $3)', values);
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw new StorageApiError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists');
          throw error;
        }
      });
      return sendJson(res, 200, { name: body.name });
    }

    const listMatch = /^\/object\/list\/([^/]+)$/.exec(path);
    if (method === 'POST' && listMatch) {
      const body = parseJson(raw);
      if (typeof body.prefix !== 'string') throw new StorageApiError(400, 'InvalidRequest', 'Bad Request', "body must have required property 'prefix'");
      await bucketOf(listMatch[1]);
      const prefix = body.prefix ? `${body.prefix.replace(/\/+$/, '')}/` : '';
      const limit = typeof body.limit === 'number' ? body.limit : 100;
      const offset = typeof body.offset === 'number' ? body.offset : 0;
      const rows = await asCaller(claims, async (client) =>
        (
          await client.query<ObjectRow>(
            `select ${OBJECT_COLUMNS}
             from storage.objects where bucket_id = $1 and starts_with(name, $2) order by name`,
            [listMatch[1], prefix],
          )
        ).rows,
      );
      // One level, folders first as storage.search() answers: a folder is {name, id: null, …: null}.
      const entries = new Map<string, unknown>();
      for (const row of rows) {
        const rest = row.name.slice(prefix.length);
        const slash = rest.indexOf('/');
        if (slash >= 0) {
          const folder = rest.slice(0, slash);
          if (!entries.has(folder)) entries.set(folder, { name: folder, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
        } else {
          entries.set(rest, {
            name: rest,
            id: row.id,
            updated_at: row.updated_at.toISOString(),
            created_at: row.created_at.toISOString(),
            last_accessed_at: row.last_accessed_at.toISOString(),
            metadata: row.metadata,
          });
        }
      }
      return sendJson(res, 200, [...entries.values()].slice(offset, offset + limit));
    }

    const objectMatch = /^\/object\/([^/]+)(?:\/(.+))?$/.exec(path);
    if (method === 'POST' && objectMatch?.[2]) {
      const [bucketId, name] = [objectMatch[1], decodeURIComponent(objectMatch[2])];
      await bucketOf(bucketId);
      const contentType = String(req.headers['content-type'] ?? 'application/octet-stream');
      const cacheControl = String(req.headers['cache-control'] ?? 'no-cache');
      const upsert = req.headers['x-upsert'] === 'true';
      const metadata = {
        eTag: `"${randomBytes(16).toString('hex')}"`,
        size: raw.length,
        mimetype: contentType,
        cacheControl,
        lastModified: new Date().toUTCString(),
        contentLength: raw.length,
        httpStatusCode: 200,
      };
      const id = await asCaller(claims, async (client) => {
        const conflict = upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now()' : '';
        try {
          const { rows } = await client.query<{ id: string }>(
            `insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, $3, $4) ${conflict} returning id::text as id`,
            [bucketId, name, claims.role === 'authenticated' ? String(claims.sub) : null, metadata],
          );
          return rows[0].id;
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw new StorageApiError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists');
          throw error;
        }
      });
      files.set(`${bucketId}/${name}`, { bytes: raw, contentType, cacheControl });
      return sendJson(res, 200, { Id: id, Key: `${bucketId}/${name}` });
    }

    if (method === 'DELETE' && objectMatch && !objectMatch[2]) {
      const body = parseJson(raw);
      const prefixes = Array.isArray(body.prefixes) ? body.prefixes.filter((p): p is string => typeof p === 'string') : null;
      if (!prefixes) throw new StorageApiError(400, 'InvalidRequest', 'Bad Request', "body must have required property 'prefixes'");
      const bucketId = objectMatch[1];
      await bucketOf(bucketId);
      const deleted = await asCaller(claims, async (client) =>
        (
          await client.query<ObjectRow>(
            `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
             returning ${OBJECT_COLUMNS}`,
            [bucketId, prefixes],
          )
        ).rows,
      );
      for (const row of deleted) files.delete(`${bucketId}/${row.name}`);
      return sendJson(res, 200, deleted);
    }

    throw new StorageApiError(404, 'NotFound', 'Not Found', `Route ${method}:/storage/v1${path} not found`, 404);
  }

  // ── The gateway ───────────────────────────────────────────────────────────────────────────────────

  const server: Server = createServer((req, res) => {
    void (async () => {
      const requestUrl = new URL(req.url ?? '/', url);
      const raw = await readBody(req);
      const call: DoubleCall = {
        method: req.method ?? 'GET',
        path: requestUrl.pathname,
        query: requestUrl.searchParams,
        body: null,
        status: 0,
        role: null,
        apiVersion: typeof req.headers['x-supabase-api-version'] === 'string' ? req.headers['x-supabase-api-version'] : null,
      };
      calls.push(call);
      res.on('finish', () => (call.status = res.statusCode));
      const bearer = bearerToken(req);
      if (bearer) {
        try {
          call.role = String(decodeJwt(bearer).role ?? '') || null;
        } catch {
          call.role = null;
        }
      }
      try {
        if (requestUrl.pathname.startsWith('/auth/v1/')) {
          const body = parseJson(raw);
          call.body = body;
          await auth(req, res, requestUrl.pathname.slice('/auth/v1'.length), requestUrl.searchParams, body);
        } else if (requestUrl.pathname.startsWith('/storage/v1/')) {
          call.body = (req.headers['content-type'] ?? '').includes('json') ? parseJson(raw) : { bytes: raw.length };
          await storage(req, res, requestUrl.pathname.slice('/storage/v1'.length), raw);
        } else {
          sendJson(res, 404, { message: 'no Route matched with those values' });
        }
      } catch (error) {
        if (error instanceof AuthError) return sendAuthError(req, res, error);
        if (error instanceof StorageApiError) {
          return sendJson(res, error.httpStatus, { statusCode: String(error.statusCode), code: error.code, error: error.error, message: error.message });
        }
        console.error('Supabase double failed', error);
        sendJson(res, 500, { message: String(error) });
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${options.port} is taken (a local \`supabase start\`?). The Supabase-mode build expects its Auth and Storage at ${url}: stop what listens there and run again.`,
            )
          : error,
      ),
    );
    server.listen(options.port, '127.0.0.1', () => resolve());
  });

  return {
    url,
    calls,
    files,
    sessionIds: () => [...sessions.keys()],
    accessToken: async (userId, sessionId, expiresIn) => {
      const user = await findUser('id', userId);
      if (!user) throw new Error(`No user ${userId}`);
      return accessToken(user, sessionId, expiresIn);
    },
    isRefreshTokenUsed: (token) => refreshTokens.get(token)?.revokedAt != null,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

/**
 * Run after tests/helpers/policy-matrix.ts SUPABASE_PROJECT_SQL (the API roles, their default privileges
 * and the storage tables' ids and names): the other columns of Storage's tables that the Storage server
 * reads and writes (supabase/storage migrations: created_at, updated_at, last_accessed_at, metadata) and
 * its unique (bucket_id, name) index, which makes a second upload of one path a 23505 (KeyAlreadyExists).
 */
export const SUPABASE_STORAGE_COLUMNS_SQL = `
  alter table storage.buckets
    add column created_at timestamptz default now(),
    add column updated_at timestamptz default now();
  alter table storage.objects
    add column created_at timestamptz default now(),
    add column updated_at timestamptz default now(),
    add column last_accessed_at timestamptz default now(),
    add column metadata jsonb;
  create unique index bucketid_objname on storage.objects (bucket_id, name);
`;
