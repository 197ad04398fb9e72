// Encryption at rest for authenticator secrets, and the application key it derives from.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const VERSION = 'v1'

/**
 * AES-256-GCM with a key derived (HKDF-SHA256) from the application secret. The additional data binds a
 * ciphertext to its owner, so a row copied to another account does not decrypt.
 */
export function createSecretBox(secretKey: string) {
  if (secretKey.length < 32) throw new Error('The application secret must be at least 32 characters (APP_SECRET).')
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'nestlist', 'two-factor-secret-v1', 32))
  return {
    /** 'v1.<iv>.<ciphertext>.<tag>' in base64url. */
    seal(plain: Uint8Array, aad: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(aad))
      const body = Buffer.concat([cipher.update(plain), cipher.final()])
      return [VERSION, iv, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.')
    },
    /** The plaintext, or throws when the key, the owner or the bytes are wrong. */
    open(sealed: string, aad: string): Uint8Array {
      const [version, iv, body, tag] = sealed.split('.')
      if (version !== VERSION || !iv || !body || !tag) throw new Error('unknown secret format')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(aad))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]))
    },
  }
}

/**
 * The application secret: APP_SECRET when set, otherwise a random one created once in DATA_DIR/app.secret
 * (mode 0600) and reused on later starts. Several servers behind one database must share APP_SECRET.
 */
export function resolveAppSecret({ appSecret, dataDir }: { appSecret?: string; dataDir: string }): string {
  if (appSecret) return appSecret
  const file = path.join(dataDir, 'app.secret')
  fs.mkdirSync(dataDir, { recursive: true })
  try {
    // 'wx' fails when the file exists, so two starts racing cannot overwrite each other's key.
    fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const secret = fs.readFileSync(file, 'utf8').trim()
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to create a new one, or set APP_SECRET.`)
  return secret
}
