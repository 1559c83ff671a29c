// The browser's side of a passkey ceremony: the server's options (JSON, binary fields in
// base64url) turned into what navigator.credentials.create/get take, and the credential the
// authenticator gives turned back into JSON for the server (src/server/members/passkeys).

/** Whether this browser can use passkeys (WebAuthn needs https or http://localhost). */
export function passkeysAvailable() {
  return typeof window.PublicKeyCredential === 'function' && window.isSecureContext;
}

/** @param {string} encoded base64url */
function bytes(encoded) {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** @param {ArrayBuffer | null} buffer */
function text(buffer) {
  if (!buffer) return null;
  const binary = String.fromCharCode(...new Uint8Array(buffer));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * @param {any[] | undefined} list credential descriptors
 * @returns {PublicKeyCredentialDescriptor[] | undefined}
 */
function descriptors(list) {
  return list?.map((item) => ({ ...item, id: bytes(item.id) }));
}

/**
 * Makes a passkey for the server's registration `options` (`{publicKey}`): the credential as
 * the server reads it, or null if the member cancelled or the authenticator refused.
 * @param {any} options
 */
export async function createPasskey(options) {
  const publicKey = options.publicKey;
  const made = await navigator.credentials.create({
    publicKey: {
      ...publicKey,
      challenge: bytes(publicKey.challenge),
      user: { ...publicKey.user, id: bytes(publicKey.user.id) },
      excludeCredentials: descriptors(publicKey.excludeCredentials),
    },
  }).catch(() => null);
  if (!(made instanceof PublicKeyCredential)) return null;
  const response = /** @type {AuthenticatorAttestationResponse} */ (made.response);
  return {
    id: made.id,
    rawId: text(made.rawId),
    type: made.type,
    response: { attestationObject: text(response.attestationObject), clientDataJSON: text(response.clientDataJSON) },
    extensions: made.getClientExtensionResults(),
  };
}

/**
 * Signs the server's sign-in `options` with a passkey the member picks: the credential as the
 * server reads it, or null.
 * @param {any} options
 */
export async function usePasskey(options) {
  const publicKey = options.publicKey;
  const used = await navigator.credentials.get({
    publicKey: { ...publicKey, challenge: bytes(publicKey.challenge), allowCredentials: descriptors(publicKey.allowCredentials) },
  }).catch(() => null);
  if (!(used instanceof PublicKeyCredential)) return null;
  const response = /** @type {AuthenticatorAssertionResponse} */ (used.response);
  return {
    id: used.id,
    rawId: text(used.rawId),
    type: used.type,
    response: {
      authenticatorData: text(response.authenticatorData),
      clientDataJSON: text(response.clientDataJSON),
      signature: text(response.signature),
      userHandle: text(response.userHandle),
    },
    extensions: {},
  };
}
