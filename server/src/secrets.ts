import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets the product needs but a newcomer should not have to invent: generated once into
 * `$DATA_DIR/secrets.json` (mode 0600) and reused on every start. Environment variables win.
 */
export interface Secrets {
  /** Password of the embedded cluster's superuser. */
  postgresPassword: string;
  /** Password of the login role PostGraphile connects as. */
  authenticatorPassword: string;
  /** HMAC secret of access tokens. */
  jwtSecret: string;
}

const fresh = (): string => randomBytes(32).toString('base64url');

export function loadSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  }
  const secrets: Secrets = {
    postgresPassword: stored.postgresPassword ?? fresh(),
    authenticatorPassword: stored.authenticatorPassword ?? fresh(),
    jwtSecret: stored.jwtSecret ?? fresh(),
  };
  if (JSON.stringify(stored) !== JSON.stringify(secrets)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return {
    ...secrets,
    authenticatorPassword: process.env.AUTHENTICATOR_PASSWORD || secrets.authenticatorPassword,
    jwtSecret: process.env.JWT_SECRET || secrets.jwtSecret,
  };
}
