import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { AccessLimit } from '../db/database.ts';
import { Errors } from '../errors.ts';

/** What a verified access token says: who, in which account, in which sign-in (refresh family). */
export interface AccessClaims extends AccessLimit {
  userId: string;
  accountId: string;
  sessionId: string;
  // projectLimited (plim) and supplierUser (supu): the account's limits when the token was
  // issued, which choose the role its requests run as (db/database.ts requestRole). A hint for the
  // planner, never a permission.
}

const ISSUER = 'ledgerline';
const TOKEN_TYPE = 'access';

export interface AccessTokenIssuer {
  sign(claims: AccessClaims): { accessToken: string; expiresIn: number };
  verify(token: string): AccessClaims;
}

/** HS256 access tokens with a fixed algorithm allow-list, issuer, type and expiry checks. */
export function accessTokens(secret: string, ttlSeconds: number): AccessTokenIssuer {
  const signer = createSigner({
    key: secret,
    algorithm: 'HS256',
    expiresIn: ttlSeconds * 1000,
    iss: ISSUER,
  });
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['sub', 'account_id', 'sid', 'typ', 'exp'],
    cache: false,
  });
  return {
    sign(claims) {
      const accessToken = signer({
        sub: claims.userId,
        account_id: claims.accountId,
        sid: claims.sessionId,
        typ: TOKEN_TYPE,
        ...(claims.projectLimited ? { plim: true } : {}),
        ...(claims.supplierUser ? { supu: true } : {}),
      });
      return { accessToken, expiresIn: ttlSeconds };
    },
    verify(token) {
      let payload: Record<string, unknown>;
      try {
        payload = verifier(token) as Record<string, unknown>;
      } catch (error) {
        if (error instanceof TokenError && error.code === TokenError.codes.expired) {
          throw Errors.jwtExpired();
        }
        throw Errors.invalidJwt();
      }
      const { sub, account_id: accountId, sid, typ, plim, supu } = payload;
      if (
        typ !== TOKEN_TYPE ||
        typeof sub !== 'string' ||
        typeof accountId !== 'string' ||
        typeof sid !== 'string'
      ) {
        throw Errors.invalidJwt();
      }
      return {
        userId: sub,
        accountId,
        sessionId: sid,
        projectLimited: plim === true,
        supplierUser: supu === true,
      };
    },
  };
}

/** A fresh opaque refresh token (256 random bits) and the hash it is stored under. */
export function newRefreshToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
