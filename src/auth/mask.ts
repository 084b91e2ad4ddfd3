/**
 * The account a hand-over signs into, masked for the confirmation page (docs/decisions/0059-sign-in-hardening.md): enough for
 * its owner to recognise it, too little for someone who got the link to learn the address.
 * Built when the code is issued, so the code record never holds the address itself.
 */
export function maskedAccount(claims: { email?: unknown; phone_number?: unknown }, uid: string): string {
  if (typeof claims.email === "string" && claims.email.includes("@")) return maskEmail(claims.email);
  if (typeof claims.phone_number === "string" && claims.phone_number.length >= 6) {
    return maskPhone(claims.phone_number);
  }
  return `ID …${uid.slice(-4)}`;
}

/** "alice@example.com" -> "a•••@e•••.com" */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const suffix = dot > 0 ? domain.slice(dot) : "";
  return `${local.slice(0, 1)}•••@${host.slice(0, 1)}•••${suffix}`;
}

/** "+819012345678" -> "+81 ••• 5678" */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)} ••• ${phone.slice(-4)}`;
}
